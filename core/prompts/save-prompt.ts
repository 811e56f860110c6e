import { and, eq, inArray, sql } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { loadIncludeGraph } from "./include-graph";
import { checkIncludes, type IncludeNode, type IncludeRef, includesOf, TAG_SYNTAX } from "./includes";
import { LATEST, type PromptContent, type PromptDetail, type SavePromptInput } from "./prompts.schema";
import { promptLabels, prompts, promptVersions } from "./prompts.sql";
import { readDetail } from "./read-prompt";
import { afterPromptWrite, bumpGeneration } from "./resolve-cache";

type Tx = Pick<Deps, "db" | "clock" | "ids">;

/**
 * Saves the next immutable version of a prompt (version 1 of a new name), moves
 * `latest` and the given labels to it, and records `prompt.created` or
 * `prompt.updated` plus one `prompt.label.moved` per label that left another version.
 * @throws invalid_input when an include is malformed, or the includes below the new
 * version (seen with the new version on the channels it is about to occupy) hold a
 * cycle, nest deeper than 5, reach a prompt that is not TEXT or one that does not exist.
 */
export async function savePrompt(
  deps: Tx & Pick<Deps, "caches">,
  principal: Principal,
  input: SavePromptInput,
): Promise<PromptDetail> {
  const content: PromptContent =
    input.type === "TEXT"
      ? input.content
      : input.content.map((e) => ("role" in e ? { role: e.role, content: e.content } : e));
  const { refs, malformed } = includesOf(content);
  if (malformed.length > 0) throw invalid(`Malformed include '${malformed[0]}': write ${TAG_SYNTAX}`);
  const { projectId } = principal;
  const channels = [...new Set([LATEST, ...input.labels])].sort();

  return afterPromptWrite(deps, projectId, () =>
    deps.db.transaction(async (db) => {
      await bumpGeneration(db, projectId);
      const now = deps.clock.now();
      const [existing] = await db
        .select()
        .from(prompts)
        .where(and(eq(prompts.projectId, projectId), eq(prompts.name, input.name)));
      const version = (existing?.latestVersion ?? 0) + 1;
      const node: IncludeNode = { id: deps.ids.uuid(), name: input.name, version, type: input.type, content, refs };

      if (refs.length > 0) {
        const becomesNew = (ref: IncludeRef) =>
          ref.name === input.name &&
          (ref.version === version || (ref.label !== undefined && channels.includes(ref.label)));
        const { graph } = await loadIncludeGraph(db, projectId, node, (ref) => (becomesNew(ref) ? node : undefined));
        const failure = checkIncludes(node, graph);
        if (failure) throw invalid(failure.message, { reason: failure.reason, path: failure.path });
      }

      const promptId = existing?.id ?? deps.ids.uuid();
      const folder = input.folder === undefined ? (existing?.folder ?? null) : input.folder;
      if (existing) {
        await db
          .update(prompts)
          .set({ latestVersion: version, latestType: input.type, folder, updatedAt: now })
          .where(eq(prompts.id, promptId));
      } else {
        await db.insert(prompts).values({
          id: promptId,
          projectId,
          name: input.name,
          folder,
          latestVersion: version,
          latestType: input.type,
          createdAt: now,
          updatedAt: now,
        });
      }
      await db.insert(promptVersions).values({
        id: node.id,
        promptId,
        version,
        type: input.type,
        content,
        config: input.config,
        commitMessage: input.commitMessage ?? null,
        createdBy: principal.keyId,
        createdAt: now,
      });
      const previous = existing
        ? await db
            .select()
            .from(promptLabels)
            .where(and(eq(promptLabels.promptId, promptId), inArray(promptLabels.label, channels)))
        : [];
      await db
        .insert(promptLabels)
        .values(channels.map((label) => ({ promptId, label, version, updatedAt: now })))
        .onConflictDoUpdate({
          target: [promptLabels.promptId, promptLabels.label],
          set: { version: sql`excluded.version`, updatedAt: sql`excluded.updated_at` },
        });

      const created = !existing;
      const payload = { name: input.name, version, labels: channels, projectId, type: input.type, folder };
      // `latest` moves on every save without firing; a label new to the prompt did not move.
      const moves = previous.filter((p) => p.label !== LATEST);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: created ? "prompt.created" : "prompt.updated",
        target: { type: "prompt", id: promptId },
        details: {
          name: input.name,
          version,
          type: input.type,
          labels: channels,
          commitMessage: input.commitMessage ?? null,
        },
        events: [
          { type: created ? "prompt.created" : "prompt.updated", payload },
          ...moves.map((m) => ({
            type: "prompt.label.moved",
            payload: { ...payload, label: m.label, fromVersion: m.version },
          })),
        ],
      });
      return readDetail(db, projectId, input.name, { version }, { resolve: false });
    }),
  );
}
