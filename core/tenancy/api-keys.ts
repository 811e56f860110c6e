import { and, asc, eq, isNull } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { invalid, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { KeyRole } from "../platform/roles";
import { KEYS_SCOPE } from "./authenticate";
import { hashSecret, mintKeyPair, secretHint } from "./secrets";
import { apiKeys } from "./tenancy.sql";

export interface ApiKeyView {
  id: string;
  publicKey: string;
  /** `sk-sl-…` plus the secret's last four characters; the secret itself is never shown again. */
  secretKeyHint: string;
  role: KeyRole;
  note: string | null;
  createdAt: string;
}

export interface MintedApiKey extends Omit<ApiKeyView, "secretKeyHint"> {
  secretKey: string;
}

type KeyRef = { id?: string; publicKey?: string };

const view = (r: typeof apiKeys.$inferSelect): ApiKeyView => ({
  id: r.id,
  publicKey: r.publicKey,
  secretKeyHint: `sk-sl-…${r.secretHint}`,
  role: r.role,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
});

type Tx = Pick<Deps, "db" | "clock" | "ids">;

/** Inserts a key for a project; the caller records the change. */
export async function insertApiKey(
  deps: Tx,
  projectId: string,
  role: KeyRole,
  note: string | null,
): Promise<MintedApiKey> {
  const { publicKey, secretKey } = mintKeyPair(deps.ids);
  const row = {
    id: deps.ids.uuid(),
    projectId,
    publicKey,
    secretHash: hashSecret(secretKey),
    secretHint: secretHint(secretKey),
    role,
    note,
    createdAt: deps.clock.now(),
  };
  await deps.db.insert(apiKeys).values(row);
  return { id: row.id, publicKey, secretKey, role, note, createdAt: row.createdAt.toISOString() };
}

/** Mints a key in the caller's project; the secret is returned here only. */
export async function createApiKey(
  deps: Tx,
  principal: Principal,
  input: { role: KeyRole; note?: string | null },
): Promise<MintedApiKey> {
  return deps.db.transaction(async (db) => {
    const key = await insertApiKey({ ...deps, db }, principal.projectId, input.role, input.note ?? null);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "api_key.created",
      target: { type: "api_key", id: key.id },
      details: { publicKey: key.publicKey, role: key.role },
      events: [{ type: "api_key.created", payload: { id: key.id, publicKey: key.publicKey, role: key.role } }],
    });
    return key;
  });
}

/** Active keys of the project, oldest first, without secrets. */
export async function listApiKeys(deps: Pick<Deps, "db">, projectId: string): Promise<ApiKeyView[]> {
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(view);
}

function refCondition(projectId: string, ref: KeyRef) {
  if (!ref.id && !ref.publicKey) throw invalid("Give the key's id or publicKey");
  const conditions = [eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)];
  if (ref.id) conditions.push(eq(apiKeys.id, ref.id));
  if (ref.publicKey) conditions.push(eq(apiKeys.publicKey, ref.publicKey));
  return and(...conditions);
}

/**
 * Changes a key's role or note; effective on the key's next call.
 * @throws not_found when no active key of the project matches.
 */
export async function updateApiKey(
  deps: Tx & Pick<Deps, "caches">,
  principal: Principal,
  ref: KeyRef,
  patch: { role?: KeyRole; note?: string | null },
): Promise<ApiKeyView> {
  return afterKeyWrite(deps, () =>
    deps.db.transaction(async (db) => {
      const [row] = await db.update(apiKeys).set(patch).where(refCondition(principal.projectId, ref)).returning();
      if (!row) throw notFound("api key", ref.id ?? ref.publicKey);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "api_key.updated",
        target: { type: "api_key", id: row.id },
        details: { publicKey: row.publicKey, ...patch },
      });
      return view(row);
    }),
  );
}

/**
 * Revokes a key; it is refused with 401 from its next call on.
 * @throws not_found when no active key of the project matches.
 */
export async function revokeApiKey(
  deps: Tx & Pick<Deps, "caches">,
  principal: Principal,
  ref: KeyRef,
): Promise<{ id: string; publicKey: string; revokedAt: string }> {
  return afterKeyWrite(deps, () =>
    deps.db.transaction(async (db) => {
      const now = deps.clock.now();
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(refCondition(principal.projectId, ref))
        .returning();
      if (!row) throw notFound("api key", ref.id ?? ref.publicKey);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "api_key.revoked",
        target: { type: "api_key", id: row.id },
        details: { publicKey: row.publicKey },
        events: [{ type: "api_key.revoked", payload: { id: row.id, publicKey: row.publicKey } }],
      });
      return { id: row.id, publicKey: row.publicKey, revokedAt: now.toISOString() };
    }),
  );
}

/** Runs a key write so that no key lookup read before it is served after it (docs/architecture.md, "In-process caches"). */
export const afterKeyWrite = <T>(deps: Pick<Deps, "caches">, write: () => Promise<T>): Promise<T> =>
  deps.caches.write(KEYS_SCOPE, write);
