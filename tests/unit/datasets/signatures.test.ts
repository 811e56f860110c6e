import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { nodeOutboundHttp } from "@core/adapters/http/node-outbound-http";
import { checkRunnerUrl } from "@core/datasets";
import { refusedUrlHost } from "@core/platform/address-policy";
import { OutboundCallError } from "@core/platform/ports";
import { signatureHeaders, signPayload } from "@core/platform/signatures";
import { describe, expect, it } from "vitest";
import { verifySignature } from "../../../sdk/typescript/src/index.js";

const SECRET = "rs-sl-test-secret";
const BODY = '{"event":"dataset.run.requested","runName":"r"}';

describe("trigger signatures: signed in core, verified by the SDK on its own", () => {
  it("signs `<timestamp>.<body>` with HMAC-SHA256 as lowercase hex (a known vector)", () => {
    expect(signPayload("secret", 1700000000, "{}")).toBe(
      "b8569b78799ff9e3cbff0fc2d63a33a2b57f3282abd07c37ae5e8e7d79a5f163",
    );
    expect(signPayload("secret", 1700000000, "{}")).toMatch(/^[0-9a-f]{64}$/);
    expect(signPayload("secret", 1700000000, "{}")).not.toBe(signPayload("secret", 1700000001, "{}"));
  });

  it("verifies within 300 s of skew and refuses a changed body, a wrong secret, an old timestamp or a missing header", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const headers = signatureHeaders(SECRET, BODY, now);
    const ts = headers["X-Service-Timestamp"]!;
    const sig = headers["X-Service-Signature"]!;

    expect(ts).toBe(String(now.getTime() / 1000));
    expect(await verifySignature(SECRET, ts, BODY, sig, { now })).toBe(true);
    expect(
      await verifySignature(SECRET, ts, Buffer.from(BODY), sig.toUpperCase(), {
        now: new Date(now.getTime() + 299_000),
      }),
    ).toBe(true);
    expect(await verifySignature(SECRET, ts, `${BODY} `, sig, { now })).toBe(false);
    expect(await verifySignature("other", ts, BODY, sig, { now })).toBe(false);
    expect(await verifySignature(SECRET, ts, BODY, sig, { now: new Date(now.getTime() + 301_000) })).toBe(false);
    expect(await verifySignature(SECRET, ts, BODY, sig, { now: new Date(now.getTime() - 301_000) })).toBe(false);
    expect(
      await verifySignature(SECRET, ts, BODY, sig, {
        now: new Date(now.getTime() + 3_600_000),
        toleranceSeconds: 7200,
      }),
    ).toBe(true);
    expect(await verifySignature(SECRET, undefined, BODY, sig, { now })).toBe(false);
    expect(await verifySignature(SECRET, ts, BODY, undefined, { now })).toBe(false);
    expect(await verifySignature(SECRET, "12.5", BODY, sig, { now })).toBe(false);
  });
});

describe("outbound address policy", () => {
  it("refuses private runner URLs at registration when the deployment forbids them (AWS default)", () => {
    expect(() => checkRunnerUrl("http://10.0.0.5/run", false)).toThrow(
      "url names a private or loopback address, which this deployment refuses (SIGHTLINE_ALLOW_PRIVATE_URLS)",
    );
    expect(() => checkRunnerUrl("http://localhost:8080/run", false)).toThrow(/private or loopback/);
    expect(checkRunnerUrl("http://localhost:8080/run", true)).toBe("http://localhost:8080/run");
    expect(checkRunnerUrl("https://runner.example.com/hook", false)).toBe("https://runner.example.com/hook");
    expect(() => checkRunnerUrl("not a url", true)).toThrow("url must be an absolute http or https URL");
    expect(refusedUrlHost("http://[::1]:80/")).toBe("loopback");
    expect(refusedUrlHost("http://172.20.1.1/")).toBe("private");
    expect(refusedUrlHost("http://8.8.8.8/")).toBeNull();
  });

  it("the adapter refuses loopback targets when private addresses are not allowed, and reaches them when they are", async () => {
    const server = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const refused = nodeOutboundHttp({ timeoutMs: 2000, allowPrivateAddresses: false });
      const allowed = nodeOutboundHttp({ timeoutMs: 2000, allowPrivateAddresses: true });

      await expect(refused.post(`http://127.0.0.1:${port}/`, { headers: {}, body: "{}" })).rejects.toMatchObject({
        kind: "private_address",
      });
      await expect(refused.post(`http://localhost:${port}/`, { headers: {}, body: "{}" })).rejects.toBeInstanceOf(
        OutboundCallError,
      );
      await expect(allowed.post(`http://localhost:${port}/`, { headers: {}, body: "{}" })).resolves.toEqual({
        status: 204,
        body: "",
      });
    } finally {
      server.close();
    }
  });
});
