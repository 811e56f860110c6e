import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { unauthorized } from "../platform/errors";
import type { Principal } from "../platform/principal";

import { secretMatches } from "./secrets";
import { apiKeys, projects } from "./tenancy.sql";

/** Splits an HTTP Basic `Authorization` header into public and secret key. */
export function parseBasicAuth(header: string | undefined): { publicKey: string; secretKey: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  // No key holds a NUL character (and Postgres could not even compare one).
  if (colon <= 0 || decoded.includes("\u0000")) return null;
  return { publicKey: decoded.slice(0, colon), secretKey: decoded.slice(colon + 1) };
}

/**
 * Resolves the caller from HTTP Basic credentials. Reads the key on every call
 * (or, on an embedded store this process owns, from a cache that every key write
 * invalidates), so that revocations and role changes apply to the very next request.
 * @throws unauthorized when the header is missing, malformed, unknown, revoked or wrong.
 */
export async function authenticate(
  deps: Pick<Deps, "db" | "config" | "caches">,
  authorization: string | undefined,
): Promise<Principal> {
  const credentials = parseBasicAuth(authorization);
  if (!credentials) throw unauthorized();
  const row = await lookup(deps, credentials.publicKey);
  if (!row || !secretMatches(credentials.secretKey, row.secretHash)) throw unauthorized();
  return {
    kind: "key",
    keyId: row.id,
    publicKey: row.publicKey,
    projectId: row.projectId,
    orgId: row.orgId,
    role: row.role as Principal["role"],
  };
}

/** What authentication needs of a key: its hash, role and project. */
interface KeyRow {
  id: string;
  publicKey: string;
  secretHash: string;
  role: string;
  projectId: string;
  orgId: string;
}

/** The cache scope every key write moves (api-keys.ts). */
export const KEYS_SCOPE = "api-keys";

/**
 * Key lookups are cached only on a store this process owns, where every key write goes through
 * `deps.caches.write(KEYS_SCOPE, …)`: a revocation or a role change applies to the very next request. On a
 * shared Postgres the key is read on every call (docs/architecture.md, "In-process caches").
 */
async function lookup(deps: Pick<Deps, "db" | "config" | "caches">, publicKey: string): Promise<KeyRow | undefined> {
  if (!deps.config.ownsRelationalStore) return (await keyLookup(deps.db).execute({ publicKey }))[0];
  const cache = deps.caches.of<KeyRow>(KEYS_SCOPE);
  const generation = deps.caches.generation(KEYS_SCOPE);
  const hit = cache.get(publicKey, generation);
  if (hit) return hit;
  const [row] = await keyLookup(deps.db).execute({ publicKey });
  if (row) cache.set(publicKey, generation, row);
  return row;
}

/** The lookup runs on every API call: prepared once per database handle so Postgres plans it once. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareKeyLookup>>();

function prepareKeyLookup(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      publicKey: apiKeys.publicKey,
      secretHash: apiKeys.secretHash,
      role: apiKeys.role,
      projectId: apiKeys.projectId,
      orgId: projects.orgId,
    })
    .from(apiKeys)
    .innerJoin(projects, eq(projects.id, apiKeys.projectId))
    .where(and(eq(apiKeys.publicKey, sql.placeholder("publicKey")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare("authenticate_api_key");
}

function keyLookup(db: Db) {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareKeyLookup(db);
    prepared.set(db, statement);
  }
  return statement;
}
