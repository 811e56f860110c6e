import { and, eq } from "drizzle-orm";
import type { Db } from "../platform/db";
import { prompts, promptVersions } from "./prompts.sql";

/** The prompt name and version number of a version id of the project, or null (comments address a version by its id). */
export async function versionOfId(
  db: Db,
  projectId: string,
  versionId: string,
): Promise<{ name: string; version: number } | null> {
  const [row] = await db
    .select({ name: prompts.name, version: promptVersions.version })
    .from(promptVersions)
    .innerJoin(prompts, eq(prompts.id, promptVersions.promptId))
    .where(and(eq(prompts.projectId, projectId), eq(promptVersions.id, versionId)));
  return row ?? null;
}
