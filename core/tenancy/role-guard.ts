import { forbidden } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { type Role, roleAtLeast } from "../platform/roles";

/**
 * Who may move whom (docs/auth.md, "Roles"): OWNER belongs to people, so only a signed-in OWNER grants it, changes
 * an OWNER's role or removes an OWNER (an API key carries at most ADMIN); and nobody touches a member ranked above
 * them. `current` is the member's role today (null for someone new), `next` the role asked for (null to remove).
 * @throws forbidden when the caller may not make this change.
 */
export function guardRoleChange(principal: Principal, current: Role | null, next: Role | null): void {
  const touchesOwner = current === "OWNER" || next === "OWNER";
  if (touchesOwner && !(principal.kind === "session" && principal.role === "OWNER")) {
    throw forbidden("Only an OWNER, signed in as a person, grants, changes or removes the OWNER role");
  }
  if (current && !roleAtLeast(principal.role, current))
    throw forbidden(`A ${principal.role} cannot change a member ranked ${current}`);
  if (next && !roleAtLeast(principal.role, next)) throw forbidden(`A ${principal.role} cannot grant the ${next} role`);
}
