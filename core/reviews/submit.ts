import { and, eq } from "drizzle-orm";
import * as Audit from "../audit";
import * as Automations from "../automations";
import type { Deps } from "../platform/deps";
import { conflict, invalid, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { stableUuid } from "../platform/stable-id";
import * as Scores from "../scores";
import * as Telemetry from "../telemetry";
import { findQueue, type QueueRow } from "./queues";
import type { ReviewResult, SubmitReviewInput } from "./reviews.schema";
import { reviewItems } from "./reviews.sql";

/** The queue's own rule, as a score config would state it. */
const queueRule = (q: QueueRow): Scores.ScoreConfigView => ({
  id: `queue:${q.id}`,
  name: q.scoreName,
  dataType: q.dataType,
  min: q.min,
  max: q.max,
  categories: (q.categories as string[] | null) ?? [],
  description: null,
  archived: false,
  createdAt: q.createdAt.toISOString(),
  updatedAt: q.updatedAt.toISOString(),
});

/** The score id of a review: one per item, so a repeated write after a crash overwrites it. */
const reviewScoreId = (itemId: string) => stableUuid("review", itemId);

/**
 * Submits a review (docs/reviews.md): the value must fit the queue (its type, range or labels) and the score
 * config of its score name; the item is claimed as done by this reviewer, then the ANNOTATION score is written
 * with the queue's score name and type. Audited with the reviewer.
 * @throws not_found for an unknown queue or item; invalid_input for a value that does not fit; conflict when the item is done.
 */
export async function submitReview(
  deps: Pick<Deps, "db" | "telemetry" | "blobs" | "clock" | "ids" | "config" | "caches">,
  principal: Principal,
  queueName: string,
  itemId: string,
  input: SubmitReviewInput,
): Promise<ReviewResult> {
  const queue = await findQueue(deps, principal.projectId, queueName);
  const score = {
    name: queue.scoreName,
    dataType: queue.dataType,
    value: queue.dataType === "CATEGORICAL" ? null : input.value,
    stringValue: queue.dataType === "CATEGORICAL" && typeof input.value === "string" ? input.value : null,
  };
  // The queue's rule first, then the project's config of the score name (docs/reviews.md).
  const byQueue = Scores.fitScore([queueRule(queue)], score);
  if (!byQueue.ok)
    throw invalid(
      `Invalid body.value: ${byQueue.error.replace("does not fit its config", `does not fit queue '${queue.name}'`)}`,
    );
  const projectFit = Scores.fitScore(await Scores.scoreConfigsOf(deps, principal.projectId), score);
  if (!projectFit.ok) throw invalid(`Invalid body.value: ${projectFit.error}`);
  const scoreId = reviewScoreId(itemId);
  const now = deps.clock.now();
  // Claimed first: of two reviewers submitting at once, one wins and the other gets 409 before any score is written.
  const claimed = await deps.db.transaction(async (db) => {
    const [item] = await db
      .update(reviewItems)
      .set({ status: "done", scoreId, reviewer: principal.keyId, doneAt: now })
      .where(and(eq(reviewItems.id, itemId), eq(reviewItems.queueId, queue.id), eq(reviewItems.status, "pending")))
      .returning();
    if (!item) {
      const [existing] = await db
        .select({ id: reviewItems.id })
        .from(reviewItems)
        .where(and(eq(reviewItems.id, itemId), eq(reviewItems.queueId, queue.id)));
      if (!existing) throw notFound("review item", itemId);
      throw conflict(`Review item '${itemId}' is already done`);
    }
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "review.submitted",
      target: { type: "review_item", id: itemId },
      details: { queue: queue.name, traceId: item.traceId, scoreId, reviewer: principal.keyId },
    });
    return item;
  });
  // The value as stored: a number (1 or 0 for BOOLEAN) or the label.
  const on = input.value === true || input.value === 1;
  const value =
    queue.dataType === "CATEGORICAL" ? null : queue.dataType === "BOOLEAN" ? (on ? 1 : 0) : (input.value as number);
  const stringValue =
    queue.dataType === "CATEGORICAL"
      ? (input.value as string)
      : queue.dataType === "BOOLEAN"
        ? on
          ? "True"
          : "False"
        : null;
  try {
    await Telemetry.writeScores(
      deps,
      principal.projectId,
      [
        {
          id: scoreId,
          traceId: claimed.traceId,
          name: queue.scoreName,
          dataType: queue.dataType,
          value: value ?? stringValue!,
          source: "ANNOTATION",
          comment: input.comment ?? null,
          configId: projectFit.configId,
          metadata: { reviewQueue: queue.name, reviewItem: itemId, reviewer: principal.keyId },
          timestamp: now,
        },
      ],
      (p) => Automations.activeTriggers(deps, p),
    );
  } catch (error) {
    // The score did not land: the item goes back to pending, so the review can be submitted again.
    await deps.db
      .update(reviewItems)
      .set({ status: "pending", scoreId: null, reviewer: null, doneAt: null })
      .where(eq(reviewItems.id, itemId));
    throw error;
  }
  return {
    item: { id: itemId, status: "done", scoreId },
    score: {
      id: scoreId,
      name: queue.scoreName,
      value,
      stringValue,
      dataType: queue.dataType,
      source: "ANNOTATION",
      comment: input.comment ?? null,
    },
  };
}
