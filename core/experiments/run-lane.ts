import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import * as Datasets from "../datasets";
import * as Evaluators from "../evaluators";
import * as Ingest from "../ingest";
import type { Deps } from "../platform/deps";
import { LlmCallError, type LlmMessage, type LlmProviderName } from "../platform/ports";
import * as Pricing from "../pricing";
import * as Prompts from "../prompts";
import type { ExperimentJob, ModelParameters } from "./experiments.schema";
import { experimentItems, experimentRuns } from "./experiments.sql";
import { type ExperimentRunRow, experimentRunOf } from "./read-experiment";

export type LaneDeps = Pick<
  Deps,
  "db" | "telemetry" | "blobs" | "queues" | "clock" | "ids" | "config" | "caches" | "keyRing" | "llm" | "log"
>;

/** How long a lane works in one delivery before it hands itself over to a new message (below the worker's timeout). */
export const LANE_BUDGET_MS = 120_000;
/** Items a lane writes together: their traces in one ingest batch, their links and states in one transaction. */
export const LANE_FLUSH_ITEMS = 5;
/** A claimed item whose lane died (its delivery timed out) is taken again after this long. */
const STALE_CLAIM_MS = 15 * 60_000;
const ACTIVE = new Set(["queued", "running"]);

interface Outcome {
  datasetItemId: string;
  traceId: string;
  status: "done" | "failed";
  error: string | null;
  latencyMs: number | null;
  costUsd: number | null;
  call: Ingest.ModelCall | null;
}

/** What every item of a run shares, read once per delivery. */
interface LaneContext {
  run: ExperimentRunRow;
  content: Prompts.PromptDetail["content"];
  call(messages: LlmMessage[]): ReturnType<ReturnType<Deps["llm"]["get"]>["complete"]>;
  prices: readonly Pricing.PriceEntry[];
}

/** One statement: the run's oldest pending item (or one whose lane died), claimed; SKIP LOCKED keeps lanes apart. */
async function claim(deps: Pick<Deps, "db" | "clock">, runId: string): Promise<string | null> {
  const now = deps.clock.now();
  const next = deps.db
    .select({ id: experimentItems.datasetItemId })
    .from(experimentItems)
    .where(
      and(
        eq(experimentItems.runId, runId),
        or(
          eq(experimentItems.status, "pending"),
          and(
            eq(experimentItems.status, "running"),
            lt(experimentItems.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(experimentItems.seq))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await deps.db
    .update(experimentItems)
    .set({ status: "running", claimedAt: now, updatedAt: now })
    .where(and(eq(experimentItems.runId, runId), inArray(experimentItems.datasetItemId, next)))
    .returning({ id: experimentItems.datasetItemId });
  return row?.id ?? null;
}

/** The value at a dotted path of the item (`input.question`); undefined when any step is missing. */
function valueAt(item: Datasets.ItemData, path: string): unknown {
  const [root, ...keys] = path.split(".");
  let value: unknown = root === "input" ? item.input : root === "expectedOutput" ? item.expectedOutput : item.metadata;
  for (const key of keys) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The prompt's variables from the item; a string stays as it is, other JSON is written out. @throws Error naming the first missing one */
function variablesOf(
  mapping: Record<string, string>,
  item: Datasets.ItemData,
): Record<string, string | number | boolean> {
  const variables: Record<string, string | number | boolean> = {};
  for (const [name, path] of Object.entries(mapping)) {
    const value = valueAt(item, path);
    if (value === undefined) throw new Error(`The item has no value at '${path}' for prompt variable '${name}'`);
    variables[name] =
      typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? value
        : JSON.stringify(value);
  }
  return variables;
}

const ROLES = new Set(["system", "user", "assistant"]);
/** A TEXT prompt is one user message; CHAT roles other than the three a provider takes are sent as the nearest one. */
function messagesOf(compiled: string | { role: string; content: string }[]): LlmMessage[] {
  if (typeof compiled === "string") return [{ role: "user", content: compiled }];
  return compiled.map((m) => ({
    role: (ROLES.has(m.role) ? m.role : m.role === "developer" ? "system" : "user") as LlmMessage["role"],
    content: m.content,
  }));
}

async function contextOf(deps: LaneDeps, run: ExperimentRunRow): Promise<LaneContext> {
  const prompt = await Prompts.resolvePrompt(deps, run.projectId, run.promptName, { version: run.promptVersion });
  const provider = run.provider as LlmProviderName;
  const credentials =
    provider === "mock"
      ? null
      : ((await Evaluators.openCredentials(deps, run.projectId, [provider])).get(provider) ?? null);
  const prices = (await Pricing.listPrices(deps, run.projectId)).data.filter((e) => e.source === "custom");
  const parameters = run.parameters as ModelParameters;
  const call: LaneContext["call"] = (messages) => {
    if (provider !== "mock" && !credentials)
      throw new LlmCallError(
        "refused",
        `No credentials for provider "${provider}" in this project: PUT /v1/providers/${provider}`,
      );
    return deps.llm
      .get(provider, credentials)
      .complete({ model: run.model, messages, temperature: parameters.temperature, maxTokens: parameters.maxTokens });
  };
  return { run, content: prompt.content, call, prices };
}

/** Compiles the prompt with the item's variables and calls the model; a provider that refuses fails the item, not the lane. */
async function runItem(deps: LaneDeps, context: LaneContext, datasetItemId: string): Promise<Outcome> {
  const { run } = context;
  const traceId = deps.ids.uuid();
  const failed = (error: string, call: Ingest.ModelCall | null = null): Outcome => ({
    datasetItemId,
    traceId,
    status: "failed",
    error,
    latencyMs: null,
    costUsd: null,
    call,
  });
  const item = (await Datasets.runItemData(deps.db, run.projectId, run.runId, [datasetItemId])).get(datasetItemId);
  if (!item) return failed("The dataset item was deleted");
  let messages: LlmMessage[];
  try {
    messages = messagesOf(
      Prompts.compileContent(context.content, variablesOf(run.mapping as Record<string, string>, item), {}),
    );
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const base = {
    source: "experiment" as const,
    traceId,
    name: `experiment ${run.runName}`,
    provider: run.provider,
    model: run.model,
    input: messages,
    modelParameters: run.parameters as Record<string, unknown>,
    metadata: { experiment: { dataset: run.datasetName, run: run.runName, datasetItemId } },
    prompt: { name: run.promptName, version: run.promptVersion },
  };
  const startTime = deps.clock.now();
  try {
    const completion = await context.call(messages);
    const endTime = deps.clock.now();
    const match = Pricing.matchPrice(completion.model || run.model, context.prices);
    const costUsd = match
      ? Pricing.computeCost({ input: completion.usage.input, output: completion.usage.output }, match.entry).totalCost
      : null;
    const call: Ingest.ModelCall = {
      ...base,
      output: completion.text,
      usage: completion.usage,
      costUsd,
      startTime,
      endTime,
    };
    return {
      datasetItemId,
      traceId,
      status: "done",
      error: null,
      latencyMs: endTime.getTime() - startTime.getTime(),
      costUsd,
      call,
    };
  } catch (error) {
    if (!(error instanceof LlmCallError)) throw error;
    // Retries and the provider's bound already ran (core/adapters/llm): what is left is the provider's answer.
    return failed(error.message, {
      ...base,
      output: null,
      usage: { input: 0, output: 0 },
      startTime,
      endTime: deps.clock.now(),
      error: error.message,
    });
  }
}

/** Writes a lane's finished items: their traces (one ingest batch), links and states (one transaction), then their evaluations. */
async function flush(deps: LaneDeps, run: ExperimentRunRow, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const calls = outcomes.flatMap((o) => (o.call ? [o.call] : []));
  await Ingest.recordModelCalls(deps, { projectId: run.projectId }, calls);
  const links = outcomes
    .filter((o) => o.status === "done")
    .map((o) => ({ datasetItemId: o.datasetItemId, traceId: o.traceId }));
  const now = deps.clock.now();
  await deps.db.transaction(async (db) => {
    if (links.length) await Datasets.linkRunItems(db, run.runId, links, now);
    for (const o of outcomes) {
      await db
        .update(experimentItems)
        .set({
          status: o.status,
          traceId: o.call ? o.traceId : null,
          error: o.error,
          latencyMs: o.latencyMs,
          costUsd: o.costUsd,
          updatedAt: now,
        })
        .where(and(eq(experimentItems.runId, run.runId), eq(experimentItems.datasetItemId, o.datasetItemId)));
    }
  });
  if (links.length) await Evaluators.scoreRunLinks(deps, run.projectId, run.runId, links);
}

/** Ends the run once no item is pending or running: completed, or failed when no item succeeded. */
async function finishIfDone(deps: Pick<Deps, "db" | "clock">, runId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(experimentRuns)
    .set({
      status: sql`CASE WHEN EXISTS (SELECT 1 FROM experiment_items WHERE run_id = ${runId} AND status = 'done') THEN 'completed' ELSE 'failed' END`,
      error: sql`CASE WHEN EXISTS (SELECT 1 FROM experiment_items WHERE run_id = ${runId} AND status = 'done') THEN NULL ELSE 'every item failed' END`,
      finishedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(experimentRuns.runId, runId),
        inArray(experimentRuns.status, ["queued", "running"]),
        sql`NOT EXISTS (SELECT 1 FROM experiment_items WHERE run_id = ${runId} AND status IN ('pending', 'running'))`,
      ),
    );
}

/**
 * A lane of an experiment (docs/experiments.md, "How a run works"): takes the run's items one at a time until none is
 * left, the run is cancelled, or its time is up (then it queues itself again). A failure other than the provider's
 * (a store down) puts the items it holds back and is retried by the queue.
 */
export async function runLane(deps: LaneDeps, job: ExperimentJob): Promise<void> {
  const run = await experimentRunOf(deps, job.projectId, job.runId);
  if (!run || !ACTIVE.has(run.status)) return;
  if (run.status === "queued")
    await deps.db
      .update(experimentRuns)
      .set({ status: "running", updatedAt: deps.clock.now() })
      .where(and(eq(experimentRuns.runId, run.runId), eq(experimentRuns.status, "queued")));
  const context = await contextOf(deps, run);
  const deadline = deps.clock.now().getTime() + LANE_BUDGET_MS;
  const outcomes: Outcome[] = [];
  /** Items this lane claimed and has not written yet: put back if the lane fails. */
  const unwritten = new Set<string>();
  // Writes run behind the model calls, one at a time: the next call never waits for the last items' writes.
  let writing: Promise<void> = Promise.resolve();
  const writeBehind = () => {
    const batch = outcomes.splice(0);
    if (batch.length === 0) return;
    writing = writing.then(async () => {
      await flush(deps, run, batch);
      for (const o of batch) unwritten.delete(o.datasetItemId);
    });
    // Handled here so a failure waits for the lane's next await (below) instead of crashing the process.
    writing.catch(() => (writeFailed = true));
  };
  let writeFailed = false;
  try {
    for (;;) {
      if (deps.clock.now().getTime() > deadline) {
        writeBehind();
        await writing;
        await deps.queues.experiment.send([{ body: JSON.stringify(job) }]);
        return;
      }
      if (writeFailed) await writing;
      const current = await experimentRunOf(deps, run.projectId, run.runId);
      if (!current || !ACTIVE.has(current.status)) break;
      const held = await claim(deps, run.runId);
      if (held === null) break;
      unwritten.add(held);
      outcomes.push(await runItem(deps, context, held));
      if (outcomes.length >= LANE_FLUSH_ITEMS) writeBehind();
    }
    writeBehind();
    await writing;
  } catch (error) {
    await writing.catch(() => undefined);
    if (unwritten.size) {
      await deps.db
        .update(experimentItems)
        .set({ status: "pending", claimedAt: null })
        .where(
          and(
            eq(experimentItems.runId, run.runId),
            inArray(experimentItems.datasetItemId, [...unwritten]),
            eq(experimentItems.status, "running"),
          ),
        )
        .catch(() => undefined);
    }
    throw error;
  }
  await finishIfDone(deps, run.runId);
}

/** The queue gave up on a lane: the run fails with the reason, its pending items stop (counted cancelled), its other lanes stop at their next item. */
export async function failRun(deps: Pick<Deps, "db" | "clock">, job: ExperimentJob, reason: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (db) => {
    const failed = await db
      .update(experimentRuns)
      .set({ status: "failed", error: reason, finishedAt: now, updatedAt: now })
      .where(
        and(
          eq(experimentRuns.runId, job.runId),
          eq(experimentRuns.projectId, job.projectId),
          inArray(experimentRuns.status, ["queued", "running"]),
        ),
      )
      .returning({ runId: experimentRuns.runId });
    if (failed.length)
      await db
        .update(experimentItems)
        .set({ status: "cancelled", updatedAt: now })
        .where(and(eq(experimentItems.runId, job.runId), eq(experimentItems.status, "pending")));
  });
}
