import { and, countDistinct, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import type { PromptType } from "./prompts.schema";
import { promptLabels, prompts, promptVersions } from "./prompts.sql";

export interface PromptMeta {
  name: string;
  type: PromptType;
  versions: number[];
  labels: string[];
  lastUpdatedAt: string;
  lastConfig: unknown;
}

/**
 * A page of prompts by name (byte order), each summarised over its versions that pass the filters: their numbers,
 * their labels, and the newest one's type, config and time. A prompt none of whose versions pass is left out. Langfuse's
 * prompt list (docs/langfuse.md, "Prompts").
 */
export async function listPromptMeta(
  deps: Pick<Deps, "db">,
  projectId: string,
  query: { name?: string; label?: string; from?: Date; to?: Date; offset: number; limit: number },
): Promise<{ rows: PromptMeta[]; total: number }> {
  const where: SQL[] = [eq(prompts.projectId, projectId)];
  if (query.name !== undefined) where.push(eq(prompts.name, query.name));
  if (query.from !== undefined) where.push(gte(promptVersions.createdAt, query.from));
  if (query.to !== undefined) where.push(lt(promptVersions.createdAt, query.to));
  if (query.label !== undefined) {
    where.push(
      sql`exists (select 1 from prompt_labels pl where pl.prompt_id = "prompt_versions"."prompt_id" and pl.version = "prompt_versions"."version" and pl.label = ${query.label})`,
    );
  }
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: prompts.id,
        name: prompts.name,
        versions: sql<number[]>`array_agg(${promptVersions.version} order by ${promptVersions.version})`,
        type: sql<PromptType>`(array_agg(${promptVersions.type} order by ${promptVersions.version} desc))[1]`,
        lastConfig: sql<unknown>`(array_agg(${promptVersions.config} order by ${promptVersions.version} desc))[1]`,
        lastUpdatedAt: sql<string>`max(${promptVersions.createdAt})`.mapWith((v: unknown) =>
          new Date(v as string).toISOString(),
        ),
      })
      .from(prompts)
      .innerJoin(promptVersions, eq(promptVersions.promptId, prompts.id))
      .where(and(...where))
      .groupBy(prompts.id, prompts.name)
      .orderBy(sql`${prompts.name} collate "C"`)
      .limit(query.limit)
      .offset(query.offset),
    deps.db
      .select({ n: countDistinct(prompts.id) })
      .from(prompts)
      .innerJoin(promptVersions, eq(promptVersions.promptId, prompts.id))
      .where(and(...where)),
  ]);
  const labels =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(promptLabels)
          .where(
            inArray(
              promptLabels.promptId,
              rows.map((r) => r.id),
            ),
          );
  return {
    rows: rows.map((r) => {
      const versions = r.versions.map(Number);
      const own = labels.filter((l) => l.promptId === r.id && versions.includes(l.version)).map((l) => l.label);
      return {
        name: r.name,
        type: r.type,
        versions,
        labels: [...new Set(own)].sort(),
        lastUpdatedAt: r.lastUpdatedAt,
        lastConfig: r.lastConfig,
      };
    }),
    total: Number(total?.n ?? 0),
  };
}
