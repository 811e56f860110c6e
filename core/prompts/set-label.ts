import { and, eq, sql } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { loadIncludeGraph, toNode } from "./include-graph";
import { checkIncludes } from "./includes";
import type { LabelMove } from "./prompts.schema";
import { promptLabels } from "./prompts.sql";
import { readPrompt } from "./read-prompt";
import { afterPromptWrite, bumpGeneration } from "./resolve-cache";

/**
 * Points a label at a version of the prompt (a promotion or a rollback). Fires
 * `prompt.label.moved` when the label left another version; pointing it where it
 * already points changes nothing.
 * @throws not_found when the prompt or the version does not exist.
 * @throws invalid_input when the version, once on that channel, cannot be assembled
 * (a cycle through the channel, nesting deeper than 5, a non-TEXT or missing include).
 */
export async function setLabel(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  name: string,
  input: { label: string; version: number },
): Promise<LabelMove> {
  const { projectId } = principal;
  return afterPromptWrite(deps, projectId, () =>
    deps.db.transaction(async (db) => {
      await bumpGeneration(db, projectId);
      return moveLabel({ ...deps, db }, principal, name, input);
    }),
  );
}

/**
 * Points several labels at one version, in one transaction: each moves as `setLabel` moves it, and a refused one
 * leaves every label where it was (Langfuse's `PATCH …/versions/{version}`, docs/langfuse.md, "Prompts").
 * @throws not_found when the prompt or the version does not exist; invalid_input as `setLabel`.
 */
export async function setLabels(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  name: string,
  input: { labels: readonly string[]; version: number },
): Promise<LabelMove[]> {
  const { projectId } = principal;
  return afterPromptWrite(deps, projectId, () =>
    deps.db.transaction(async (db) => {
      await bumpGeneration(db, projectId);
      const moves: LabelMove[] = [];
      for (const label of new Set(input.labels))
        moves.push(await moveLabel({ ...deps, db }, principal, name, { label, version: input.version }));
      return moves;
    }),
  );
}

async function moveLabel(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  name: string,
  input: { label: string; version: number },
): Promise<LabelMove> {
  const { projectId } = principal;
  const db = deps.db;
  const { prompt, selected } = await readPrompt(db, projectId, name, { version: input.version });
  const [current] = await db
    .select()
    .from(promptLabels)
    .where(and(eq(promptLabels.promptId, prompt.id), eq(promptLabels.label, input.label)));
  const fromVersion = current?.version ?? null;
  if (fromVersion === input.version) return { name, label: input.label, version: input.version, fromVersion };

  const node = toNode({ ...selected, name: prompt.name });
  if (node.refs.length > 0) {
    const { graph } = await loadIncludeGraph(db, projectId, node, (ref) =>
      ref.name === name && ref.label === input.label ? node : undefined,
    );
    const failure = checkIncludes(node, graph);
    if (failure) throw invalid(failure.message, { reason: failure.reason, path: failure.path });
  }

  const now = deps.clock.now();
  await db
    .insert(promptLabels)
    .values({ promptId: prompt.id, label: input.label, version: input.version, updatedAt: now })
    .onConflictDoUpdate({
      target: [promptLabels.promptId, promptLabels.label],
      set: { version: sql`excluded.version`, updatedAt: sql`excluded.updated_at` },
    });
  const labels = [...new Set([...selected.labels, input.label])].sort();
  await Audit.recordChange({ ...deps, db }, principal, {
    action: "prompt.label.set",
    target: { type: "prompt", id: prompt.id },
    details: { name, label: input.label, version: input.version, fromVersion },
    // A label new to the prompt did not point anywhere before: that is not a move.
    events:
      fromVersion === null
        ? []
        : [
            {
              type: "prompt.label.moved",
              payload: { name, version: input.version, labels, projectId, label: input.label, fromVersion },
            },
          ],
  });
  return { name, label: input.label, version: input.version, fromVersion };
}
