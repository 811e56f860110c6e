import ipaddr from "ipaddr.js";

/**
 * The outbound address policy (docs/outbound.md): which IP addresses a call to a customer-named URL may
 * connect to when the deployment refuses private addresses. Only global unicast passes; every special
 * range is refused, and IPv6 forms that carry an IPv4 address are judged by that address or refused outright.
 */

/** IPv6 ranges that embed or translate to an IPv4 address: refused whatever they carry (any spelling). */
const TRANSLATED_V6: [string, number, string][] = [
  ["::", 96, "IPv4-compatible IPv6"],
  ["::ffff:0:0", 96, "IPv4-mapped IPv6"],
  ["::ffff:0:0:0", 96, "IPv4-translated IPv6"],
  ["64:ff9b::", 96, "NAT64"],
  ["64:ff9b:1::", 48, "NAT64"],
];
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse("2000::");

/** The IPv4 addresses a 6to4 (2002::/16) or Teredo (2001::/32) address embeds: the gateway, and Teredo's client. */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (address.range() === "6to4") return [v4(p[1]!, p[2]!)];
  // Teredo: the server's address in clear, the client's inverted in the last 32 bits.
  return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
}

function refusedV4(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === "unicast" ? null : range;
}

function refusedV6(address: ipaddr.IPv6): string | null {
  const special = address.range();
  if (special === "loopback" || special === "unspecified") return special;
  for (const [base, bits, name] of TRANSLATED_V6) if (address.match(ipaddr.IPv6.parse(base), bits)) return name;
  // Outside 2000::/3 nothing is global unicast (loopback, link-local, unique-local, multicast, discard, …).
  if (!address.match(GLOBAL_UNICAST_V6, 3)) return address.range() === "unicast" ? "reserved" : address.range();
  const range = address.range();
  if (range === "6to4" || range === "teredo") {
    const inner = embeddedV4(address)
      .map(refusedV4)
      .find((r) => r !== null);
    return inner ? `${range} embedding ${inner}` : null;
  }
  return range === "unicast" ? null : range;
}

/**
 * The name of the refused range an IP address lies in, or null when the policy allows it. A string that is
 * not an IP address in the standard dotted-quad or IPv6 text form is refused ("not an address"): callers
 * pass addresses as the resolver or the URL parser wrote them.
 */
export function refusedAddressRange(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, "");
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return refusedV4(ipaddr.IPv4.parse(text));
  if (!ipaddr.IPv6.isValid(text) || text.includes("%")) return "not an address";
  return refusedV6(ipaddr.IPv6.parse(text));
}

/** True when the text is an IP literal (dotted quad or IPv6, with or without brackets). */
export function isIpLiteral(host: string): boolean {
  const text = host.replace(/^\[|\]$/g, "");
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** Host names that name this machine or a private network whatever they resolve to. */
const PRIVATE_NAME = /(^|\.)(localhost|internal|local|localdomain|home\.arpa)$/;

/**
 * Why a URL's host is refused before any connection, or null: its host is a refused IP literal (in any
 * spelling the URL parser accepts, which it rewrites to canonical form) or a name reserved for private
 * networks. A registration-time convenience only; the connection is checked again on the address it reaches.
 */
export function refusedUrlHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/\.+$/, "");
  if (isIpLiteral(host)) return refusedAddressRange(host);
  return PRIVATE_NAME.test(host) ? "private name" : null;
}
