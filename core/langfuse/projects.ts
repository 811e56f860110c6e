import * as z from "zod";
import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import * as Tenancy from "../tenancy";
import * as Traces from "../traces";

/** `GET /api/public/health`: Langfuse's answer, which SDKs and load balancers read without credentials. */
export const Health = z.object({ status: z.literal("OK"), version: z.string() });

/** Langfuse's Project: the one a project key belongs to. */
export const LangfuseProject = z.object({
  id: z.string(),
  name: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
  metadata: z.record(z.string(), z.unknown()),
  retentionDays: z.number().int().optional().describe("present when a retention policy is set"),
});
export const Projects = z.object({ data: z.array(LangfuseProject) });

/** The key's project, with its organization and retention. @throws not_found when the project is gone. */
export async function keyProject(deps: Pick<Deps, "db">, projectId: string): Promise<z.infer<typeof Projects>> {
  const [org, retention] = await Promise.all([
    Tenancy.keyOrganization(deps, projectId),
    Traces.getRetention(deps, projectId),
  ]);
  if (!org) throw notFound("Project", projectId);
  return {
    data: [
      {
        id: org.project.id,
        name: org.project.name,
        organization: { id: org.id, name: org.name },
        metadata: {},
        ...(retention.maxAgeDays > 0 ? { retentionDays: retention.maxAgeDays } : {}),
      },
    ],
  };
}
