import { lookup as dnsLookup } from "node:dns/promises";
import { type AgentOptions, Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { type NetConnectOpts, connect as netConnect, type Socket } from "node:net";
import { type ConnectionOptions, connect as tlsConnect } from "node:tls";
import { isIpLiteral, refusedAddressRange } from "../../platform/address-policy";

/** Resolves a host name to its addresses (all of them, in the resolver's order). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** A connection the outbound address policy refused; no byte was sent to the address. */
export class AddressRefusedError extends Error {
  readonly code = "ADDRESS_REFUSED";
  constructor(message: string) {
    super(message);
    this.name = "AddressRefusedError";
  }
}

export interface AddressGuard {
  /** Allow addresses the policy would refuse (the local runtime's default). */
  allowPrivate: boolean;
  resolve?: Resolver;
}

/**
 * The address to connect to for `host`, checked: an IP literal is judged as it is; a name is resolved once
 * and every address it has must pass (a name with one private address is refused, so round-robin answers
 * cannot smuggle one in). The caller connects to exactly the address returned, so a second resolution
 * (DNS rebinding) never happens. Messages name the host, never the address a name resolved to.
 */
export async function pickAddress(host: string, guard: AddressGuard): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIpLiteral(bare)) {
    if (!guard.allowPrivate && refusedAddressRange(bare))
      throw new AddressRefusedError(`${host} is an address the outbound address policy refuses`);
    return bare;
  }
  const addresses = await (guard.resolve ?? systemResolver)(bare);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: "ENOTFOUND" });
  if (!guard.allowPrivate && addresses.some((a) => refusedAddressRange(a)))
    throw new AddressRefusedError(`${host} resolves to an address the outbound address policy refuses`);
  return addresses[0]!;
}

interface ConnectOptions {
  host?: string;
  port?: number;
  servername?: string;
  lookup?: unknown;
  [option: string]: unknown;
}
type OnCreate = (error: Error | null, socket?: Socket) => void;

/**
 * Node's http(s) Agent calls `createConnection(options, oncreate)` and accepts the socket through the
 * callback, so the address can be resolved and checked before any packet leaves. Once connected, the
 * socket's own remote address is checked again: the policy holds on the address actually reached.
 */
function guardedCreateConnection(guard: AddressGuard, secure: boolean) {
  return (options: ConnectOptions, oncreate: OnCreate): undefined => {
    const host = options.host ?? "localhost";
    pickAddress(host, guard).then(
      (address) => {
        const { lookup: _ignored, ...rest } = options;
        const target = { ...rest, host: address };
        const socket: Socket = secure
          ? tlsConnect({
              ...target,
              servername: options.servername || (isIpLiteral(host) ? undefined : host),
            } as ConnectionOptions)
          : netConnect(target as NetConnectOpts);
        socket.once("connect", () => {
          const reached = socket.remoteAddress;
          if (!guard.allowPrivate && (!reached || refusedAddressRange(reached)))
            socket.destroy(
              new AddressRefusedError(`${host} connected to an address the outbound address policy refuses`),
            );
        });
        oncreate(null, socket);
      },
      (error: Error) => oncreate(error),
    );
    return undefined;
  };
}

/**
 * http and https agents that enforce the policy on every connection they open. Sockets are kept alive: a
 * reused one is still connected to the address checked when it opened (docs/outbound.md).
 */
export function guardedAgents(guard: AddressGuard, options: AgentOptions = {}): { http: HttpAgent; https: HttpsAgent } {
  const http = new HttpAgent({ ...options, keepAlive: true });
  const https = new HttpsAgent({ ...options, keepAlive: true });
  (http as unknown as { createConnection: unknown }).createConnection = guardedCreateConnection(guard, false);
  (https as unknown as { createConnection: unknown }).createConnection = guardedCreateConnection(guard, true);
  return { http, https };
}
