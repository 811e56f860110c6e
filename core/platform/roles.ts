/** Roles of API keys and organization memberships, weakest first. */
export const ROLES = ["VIEWER", "MEMBER", "ADMIN", "OWNER"] as const;
export type Role = (typeof ROLES)[number];

/** Roles an API key may carry (OWNER belongs to people, not keys). */
export const KEY_ROLES = ["VIEWER", "MEMBER", "ADMIN"] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

/** True when `held` grants at least what `needed` requires. */
export const roleAtLeast = (held: Role, needed: Role) => ROLES.indexOf(held) >= ROLES.indexOf(needed);
