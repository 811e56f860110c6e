import { nodeDnsResolver } from "@core/adapters/dns/node-dns-resolver";
import type { Env } from "../env";
import type { Port } from "../ports";

/** The resolver SSO domain proofs ask: `SIGHTLINE_DNS_SERVERS`, or the system's (docs/auth.md, "Proving the domain"). */
export const openDns = (env: Env) => nodeDnsResolver({ servers: env.SIGHTLINE_DNS_SERVERS });

/** DNS lookups (`POST /v1/sso-providers/{id}/verify`). */
export const dns: Port<"dns"> = { name: "dns", open: openDns };
