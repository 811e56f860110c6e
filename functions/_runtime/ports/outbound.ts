import { nodeOutboundHttp } from "@core/adapters/http/node-outbound-http";
import type { Env } from "../env";
import type { Port } from "../ports";

/** Outbound calls to customer addresses with the configured time limit; private addresses as the runtime allows. */
export const openOutbound = (env: Env, allowPrivateAddresses: boolean) =>
  nodeOutboundHttp({ timeoutMs: env.SIGHTLINE_OUTBOUND_TIMEOUT_MS, allowPrivateAddresses });

/** Calls to customer-operated addresses (runner triggers). */
export const outbound: Port<"outbound"> = {
  name: "outbound",
  open: (env) => openOutbound(env, env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? false),
};
