import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import * as z from "zod";
import type { Deps } from "../platform/deps";
import { decodeCursor, encodeCursor, type Page } from "../platform/pagination";
import type { PromptSummary, PromptType } from "./prompts.schema";
import { promptLabels, prompts } from "./prompts.sql";
import { hasLabel } from "./sql-fragments";

const Cursor = z.object({ name: z.string() });

/** Prompts of the project by name (byte order); `name`, `folder`, `label` and `type` narrow the list. */
export async function listPrompts(
  deps: Pick<Deps, "db">,
  projectId: string,
  query: { limit: number; cursor?: string; name?: string; folder?: string; label?: string; type?: PromptType },
): Promise<Page<PromptSummary>> {
  const where: SQL[] = [eq(prompts.projectId, projectId)];
  if (query.cursor) where.push(sql`${prompts.name} collate "C" > ${decodeCursor(query.cursor, Cursor).name}`);
  if (query.name !== undefined) where.push(eq(prompts.name, query.name));
  if (query.folder !== undefined) where.push(eq(prompts.folder, query.folder));
  if (query.type !== undefined) where.push(eq(prompts.latestType, query.type));
  if (query.label !== undefined) {
    where.push(hasLabel(query.label));
  }
  const rows = await deps.db
    .select()
    .from(prompts)
    .where(and(...where))
    .orderBy(sql`${prompts.name} collate "C"`)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const labels = new Map<string, string[]>();
  if (page.length > 0) {
    const labelRows = await deps.db
      .select({ promptId: promptLabels.promptId, label: promptLabels.label })
      .from(promptLabels)
      .where(
        inArray(
          promptLabels.promptId,
          page.map((r) => r.id),
        ),
      );
    for (const r of labelRows) labels.set(r.promptId, [...(labels.get(r.promptId) ?? []), r.label]);
  }
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      name: r.name,
      folder: r.folder,
      type: r.latestType,
      latestVersion: r.latestVersion,
      labels: (labels.get(r.id) ?? []).sort(),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ name: last.name }) : null,
  };
}
