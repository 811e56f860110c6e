import type { KeyRole } from "./roles";

/** Who is calling: an API key, bound to exactly one project. */
export interface Principal {
  keyId: string;
  publicKey: string;
  projectId: string;
  orgId: string;
  role: KeyRole;
}
