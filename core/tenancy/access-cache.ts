import type { Deps } from "../platform/deps";

/**
 * The cache scope of people's access (memberships, and the organizations and projects they reach). Every write to
 * those tables goes through `afterAccessWrite`, so on a store this process owns the access read of a session request
 * can be served from memory and still sees a lowered role or a removed membership on the very next request, as a key
 * does (docs/auth.md, "Sessions"; docs/architecture.md, "In-process caches"). tests/unit/tenancy/access-writers.test.ts
 * checks that no writer of those tables goes around it.
 */
export const ACCESS_SCOPE = "access";

export const afterAccessWrite = <T>(deps: Pick<Deps, "caches">, write: () => Promise<T>): Promise<T> =>
  deps.caches.write(ACCESS_SCOPE, write);
