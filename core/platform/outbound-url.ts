import { isIP } from "node:net";

/**
 * True when a URL names a loopback, private, link-local or otherwise internal address literally (or
 * `localhost`). Host names that resolve to such addresses are not caught here: the outbound adapter
 * checks the resolved addresses when it connects.
 */
export function isPrivateUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal")) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

/** True for a loopback, private, link-local, CGNAT or unspecified IPv4 or IPv6 address (false for a non-address). */
export function isPrivateAddress(address: string): boolean {
  const host = address.toLowerCase();
  const kind = isIP(host);
  if (kind === 4) return privateV4(host);
  if (kind === 6) {
    if (host === "::1" || host === "::") return true;
    const mapped = host.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return privateV4(mapped[1]!);
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(host);
  }
  return false;
}

function privateV4(host: string): boolean {
  const [a, b] = host.split(".").map(Number) as [number, number];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}
