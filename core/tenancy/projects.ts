import { asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { afterAccessWrite } from "./access-cache";
import { insertApiKey } from "./api-keys";
import { projects } from "./tenancy.sql";

export interface ProjectView {
  id: string;
  name: string;
  createdAt: string;
}

/**
 * Creates a sibling project in the caller's organization with an ADMIN key of its own.
 * @throws conflict when the organization already has a project of that name.
 */
export async function createProject(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  input: { name: string },
): Promise<{ id: string; name: string; publicKey: string; secretKey: string }> {
  try {
    return await afterAccessWrite(deps, () =>
      deps.db.transaction(async (db) => {
        const project = { id: deps.ids.uuid(), orgId: principal.orgId, name: input.name, createdAt: deps.clock.now() };
        await db.insert(projects).values(project);
        const key = await insertApiKey({ ...deps, db }, project.id, "ADMIN", "created with the project");
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "project.created",
          target: { type: "project", id: project.id },
          details: { name: project.name },
          events: [{ type: "project.created", payload: { id: project.id, name: project.name } }],
        });
        await Audit.recordChange(
          { ...deps, db },
          { projectId: project.id, system: `project-created-by:${principal.keyId}` },
          {
            action: "api_key.created",
            target: { type: "api_key", id: key.id },
            details: { publicKey: key.publicKey, role: key.role },
          },
        );
        return { id: project.id, name: project.name, publicKey: key.publicKey, secretKey: key.secretKey };
      }),
    );
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A project named '${input.name}' already exists`);
    throw e;
  }
}

/** The projects of the caller's organization. */
export async function listProjects(deps: Pick<Deps, "db">, principal: Principal): Promise<ProjectView[]> {
  const rows = await deps.db
    .select()
    .from(projects)
    .where(eq(projects.orgId, principal.orgId))
    .orderBy(asc(projects.createdAt), asc(projects.id));
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString() }));
}
