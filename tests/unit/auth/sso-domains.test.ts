import { domainsOverlap, refusedDomain, verificationRecord } from "@core/auth/sso-domains";
import { parseEnv } from "@functions/_runtime/env";
import { describe, expect, it } from "vitest";

// docs/auth.md, "Domain rule": a public suffix is no one's; a free-mail domain holds strangers' addresses.
describe("the SSO domain rule", () => {
  it.each([
    ["com", "public suffix"],
    ["co.uk", "public suffix"],
    ["github.io", "public suffix"],
    ["s3.amazonaws.com", "public suffix"],
    ["example", "public suffix"],
    ["gmail.com", "free email domain (gmail.com)"],
    ["googlemail.com", "free email domain (googlemail.com)"],
    ["outlook.com", "free email domain (outlook.com)"],
    ["yahoo.com", "free email domain (yahoo.com)"],
    ["proton.me", "free email domain (proton.me)"],
    ["icloud.com", "free email domain (icloud.com)"],
    ["mail.yahoo.com", "free email domain (yahoo.com)"],
  ])("refuses %s as a %s", (domain, kind) => {
    expect(refusedDomain(domain)).toContain(`${domain} is a ${kind}`);
  });

  it.each([
    "acme.com",
    "acme.co.uk",
    "eng.acme.co.uk",
    "acme.example",
    "someone.github.io",
    "facebook.com",
    "bt.com",
    "nus.edu.sg",
  ])("lets an organization register %s", (domain) => {
    expect(refusedDomain(domain)).toBeNull();
  });

  it.each([
    ["acme.com", "acme.com", true],
    ["acme.com", "eng.acme.com", true],
    ["eng.acme.com", "acme.com", true],
    ["acme.com", "notacme.com", false],
    ["acme.com", "acme.com.evil.example", false],
    ["eng.acme.com", "ops.acme.com", false],
  ])("counts %s and %s as overlapping: %s", (a, b, overlap) => {
    expect(domainsOverlap(a, b)).toBe(overlap);
  });

  it("names the record to publish under the domain", () => {
    expect(verificationRecord("acme.com", "tok")).toEqual({
      type: "TXT",
      name: "_sightline-challenge.acme.com",
      value: "sightline-verification=tok",
    });
  });
});

describe("SIGHTLINE_DNS_SERVERS", () => {
  it("takes IP addresses with optional ports, and is empty (the system's) when unset", () => {
    expect(parseEnv({ SIGHTLINE_DNS_SERVERS: "10.0.0.2, 127.0.0.1:5353,[::1]:53,::1" }).SIGHTLINE_DNS_SERVERS).toEqual([
      "10.0.0.2",
      "127.0.0.1:5353",
      "[::1]:53",
      "::1",
    ]);
    expect(parseEnv({}).SIGHTLINE_DNS_SERVERS).toEqual([]);
  });

  it.each(["dns.example.com", "127.0.0.1:0", "127.0.0.1:70000", "1.2.3"])("refuses %s at start-up", (value) => {
    expect(() => parseEnv({ SIGHTLINE_DNS_SERVERS: value })).toThrow(
      /SIGHTLINE_DNS_SERVERS.0: each name server is an IP address with an optional port/,
    );
  });
});
