import { nodeDnsResolver } from "@core/adapters/dns/node-dns-resolver";
import { DnsLookupError } from "@core/platform/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../support/dns-server";

// The resolver behind SSO domain proof (docs/auth.md, "Proving the domain"), against a name server on loopback.
describe("NodeDnsResolver", () => {
  let dns: TestDnsServer;

  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(() => dns?.close());

  it("answers the TXT records of a name, each as its strings", async () => {
    dns.setTxt("_sightline-challenge.acme.example", ["sightline-verification=abc", "v=spf1 -all"]);

    const records = await nodeDnsResolver({ servers: [dns.address] }).txt("_sightline-challenge.acme.example");

    expect(records.map((r) => r.join(""))).toEqual(["sightline-verification=abc", "v=spf1 -all"]);
  });

  it("answers [] for a name without TXT records and for a name that does not exist", async () => {
    dns.setTxt("empty.acme.example", []);
    const resolver = nodeDnsResolver({ servers: [dns.address] });

    expect(await resolver.txt("empty.acme.example")).toEqual([]);
    expect(await resolver.txt("nowhere.acme.example")).toEqual([]);
  });

  it("fails with DnsLookupError when the server gives no answer", async () => {
    dns.fail("broken.acme.example");

    const failure = await nodeDnsResolver({ servers: [dns.address] })
      .txt("broken.acme.example")
      .catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(DnsLookupError);
    expect(failure).toMatchObject({
      code: "ESERVFAIL",
      message: "DNS lookup of TXT broken.acme.example failed (ESERVFAIL)",
    });
  });
});
