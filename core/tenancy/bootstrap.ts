import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { afterKeyWrite, insertApiKey } from "./api-keys";
import { hashSecret, secretHint } from "./secrets";
import { apiKeys, organizations, projects } from "./tenancy.sql";

type Tx = Pick<Deps, "db" | "clock" | "ids">;
const SYSTEM = "bootstrap";

async function ensureProject(deps: Tx, orgName: string, projectName: string): Promise<string> {
  const now = deps.clock.now();
  let [org] = await deps.db
    .select()
    .from(organizations)
    .where(eq(organizations.name, orgName))
    .orderBy(asc(organizations.createdAt))
    .limit(1);
  if (!org) {
    org = { id: deps.ids.uuid(), name: orgName, createdAt: now };
    await deps.db.insert(organizations).values(org);
  }
  const [project] = await deps.db
    .select()
    .from(projects)
    .where(and(eq(projects.orgId, org.id), eq(projects.name, projectName)));
  if (project) return project.id;
  const id = deps.ids.uuid();
  await deps.db.insert(projects).values({ id, orgId: org.id, name: projectName, createdAt: now });
  return id;
}

/**
 * Makes sure an active ADMIN key with exactly these values exists (start-up
 * bootstrap from the environment). Idempotent: a second start changes nothing,
 * and a changed secret replaces the stored hash.
 */
export async function ensureInitialKey(
  deps: Tx & Pick<Deps, "caches">,
  input: { publicKey: string; secretKey: string; orgName: string; projectName: string },
): Promise<{ projectId: string }> {
  return afterKeyWrite(deps, () =>
    deps.db.transaction(async (db) => {
      const tx = { ...deps, db };
      const secretHash = hashSecret(input.secretKey);
      const [existing] = await db.select().from(apiKeys).where(eq(apiKeys.publicKey, input.publicKey));
      if (existing) {
        if (existing.secretHash !== secretHash || existing.role !== "ADMIN" || existing.revokedAt) {
          await db
            .update(apiKeys)
            .set({ secretHash, secretHint: secretHint(input.secretKey), role: "ADMIN", revokedAt: null })
            .where(eq(apiKeys.id, existing.id));
          await Audit.recordChange(
            tx,
            { projectId: existing.projectId, system: SYSTEM },
            {
              action: "api_key.updated",
              target: { type: "api_key", id: existing.id },
              details: { publicKey: input.publicKey, role: "ADMIN" },
            },
          );
        }
        return { projectId: existing.projectId };
      }
      const projectId = await ensureProject(tx, input.orgName, input.projectName);
      const id = deps.ids.uuid();
      await db.insert(apiKeys).values({
        id,
        projectId,
        publicKey: input.publicKey,
        secretHash,
        secretHint: secretHint(input.secretKey),
        role: "ADMIN",
        note: "bootstrap",
        createdAt: deps.clock.now(),
      });
      await Audit.recordChange(
        tx,
        { projectId, system: SYSTEM },
        {
          action: "api_key.created",
          target: { type: "api_key", id },
          details: { publicKey: input.publicKey, role: "ADMIN" },
        },
      );
      return { projectId };
    }),
  );
}

/**
 * When the store holds no key at all, mints an ADMIN key in a default project
 * and returns it (to be printed once); otherwise returns null.
 */
export async function mintFirstKeyIfNone(
  deps: Tx,
  input: { orgName: string; projectName: string },
): Promise<{ publicKey: string; secretKey: string } | null> {
  return deps.db.transaction(async (db) => {
    const tx = { ...deps, db };
    const [any] = await db.select({ id: apiKeys.id }).from(apiKeys).limit(1);
    if (any) return null;
    const projectId = await ensureProject(tx, input.orgName, input.projectName);
    const key = await insertApiKey(tx, projectId, "ADMIN", "minted at first start");
    await Audit.recordChange(
      tx,
      { projectId, system: SYSTEM },
      {
        action: "api_key.created",
        target: { type: "api_key", id: key.id },
        details: { publicKey: key.publicKey, role: "ADMIN" },
      },
    );
    return { publicKey: key.publicKey, secretKey: key.secretKey };
  });
}
