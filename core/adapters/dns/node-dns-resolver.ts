import { Resolver } from "node:dns/promises";
import { DnsLookupError, type DnsResolver } from "../../platform/ports";

export interface NodeDnsResolverOptions {
  /** Name servers as `host` or `host:port` (IP addresses; `[v6]:port`); none: the system's (/etc/resolv.conf). */
  servers?: readonly string[];
  /** Time limit of one attempt, in milliseconds. */
  timeoutMs?: number;
  /** Attempts per server before the lookup fails. */
  tries?: number;
}

/** Answers that mean "no such record" rather than "no answer": the name exists without TXT, or does not exist. */
const NO_RECORD = new Set(["ENODATA", "ENOTFOUND"]);

/**
 * TXT lookups through node's resolver (c-ares, not the system's getaddrinfo), so the servers asked can be set per
 * instance: the configured ones, or the system's when none are (docs/auth.md, "Configuration").
 */
export function nodeDnsResolver(options: NodeDnsResolverOptions = {}): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers?.length) resolver.setServers([...options.servers]);
  return {
    async txt(name) {
      try {
        return await resolver.resolveTxt(name);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? "EUNKNOWN";
        if (NO_RECORD.has(code)) return [];
        throw new DnsLookupError(code, `DNS lookup of TXT ${name} failed (${code})`);
      }
    },
  };
}
