import { once } from "node:events";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { guardedFetch } from "@core/adapters/http/guarded-fetch";
import { nodeOutboundHttp } from "@core/adapters/http/node-outbound-http";
import { openAiConnector } from "@core/adapters/llm/openai";
import { LlmCallError, OutboundCallError } from "@core/platform/ports";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

/** A loopback server (on every local address, IPv4 and IPv6) that counts the connections it accepts. */
class Target {
  connections = 0;
  requests: { url: string; host: string }[] = [];
  readonly server: Server;
  constructor(handler: RequestListener = (_req, res) => res.writeHead(204).end()) {
    this.server = createServer((req, res) => {
      this.requests.push({ url: req.url ?? "", host: req.headers.host ?? "" });
      handler(req, res);
    });
    this.server.on("connection", () => this.connections++);
  }
  async start(): Promise<this> {
    this.server.listen(0, "::");
    await once(this.server, "listening");
    return this;
  }
  get port() {
    return (this.server.address() as AddressInfo).port;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const post = (
  allowPrivateAddresses: boolean,
  url: string,
  extra: Partial<Parameters<typeof nodeOutboundHttp>[0]> = {},
) => nodeOutboundHttp({ timeoutMs: 3000, allowPrivateAddresses, ...extra }).post(url, { headers: {}, body: "{}" });

describe("outbound calls are checked on the address they connect to", () => {
  let target: Target;
  beforeAll(async () => {
    target = await new Target().start();
  });
  afterAll(() => target?.stop());

  it("refuses every loopback spelling without opening a connection, and reaches it when private addresses are allowed", async () => {
    const loopback = fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
        .map(([b, c, d]) => `127.${b}.${c}.${d}`),
      fc.constantFrom(
        "127.1",
        "0x7f000001",
        "2130706433",
        "0177.0.0.1",
        "[::1]",
        "[0:0:0:0:0:0:0:1]",
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "[::127.0.0.1]",
        "127.0.0.1.",
      ),
    );
    const before = target.connections;

    await fc.assert(
      fc.asyncProperty(loopback, fc.constantFrom("", "public@"), async (host, userinfo) => {
        const error = await post(false, `http://${userinfo}${host}:${target.port}/`).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, host).toBeInstanceOf(OutboundCallError);
        expect((error as OutboundCallError).kind, host).toBe("private_address");
      }),
      { numRuns: 60 },
    );

    expect(target.connections).toBe(before);
    await expect(post(true, `http://[::ffff:127.0.0.1]:${target.port}/`)).resolves.toEqual({ status: 204, body: "" });
    expect(target.connections).toBe(before + 1);
  });

  it("checks names on the addresses they resolve to, and connects to exactly the address it checked (no second lookup to rebind)", async () => {
    let lookups = 0;
    const rebinding = async () => (++lookups === 1 ? ["127.0.0.1"] : ["93.184.216.34"]);
    const before = target.connections;

    const refused = await post(false, `http://runner.test:${target.port}/hook`, { resolve: rebinding }).catch(
      (e: OutboundCallError) => e,
    );
    lookups = 0;
    const reached = await post(true, `http://runner.test:${target.port}/hook`, { resolve: rebinding });

    expect(refused).toMatchObject({
      kind: "private_address",
      message: "runner.test resolves to an address the outbound address policy refuses",
    });
    expect(reached.status).toBe(204);
    expect(lookups).toBe(1);
    expect(target.requests.at(-1)).toEqual({ url: "/hook", host: `runner.test:${target.port}` });
    expect(target.connections).toBe(before + 1);
  });

  it("refuses a name with one private address among public ones", async () => {
    const error = await post(false, `http://mixed.test:${target.port}/`, {
      resolve: async () => ["93.184.216.34", "127.0.0.1"],
    }).catch((e: OutboundCallError) => e);

    expect(error).toMatchObject({ kind: "private_address" });
  });
});

describe("redirects and answer size", () => {
  let second: Target;
  let first: Target;
  let endless: Target;
  beforeAll(async () => {
    second = await new Target().start();
    first = await new Target((_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${second.port}/internal` }).end("moved"),
    ).start();
    endless = await new Target((_req, res) => {
      res.writeHead(500, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, "x");
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    }).start();
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop(), endless?.stop()]);
  });
  afterEach(() => {
    second.requests.length = 0;
  });

  it("never follows a redirect: the 3xx is the answer", async () => {
    const answer = await post(true, `http://127.0.0.1:${first.port}/`);
    const fetched = await guardedFetch({ allowPrivate: true, maxResponseBytes: 1024 })(
      `http://127.0.0.1:${first.port}/`,
      { method: "POST", body: "{}" },
    );

    expect(answer.status).toBe(302);
    expect(fetched.status).toBe(302);
    expect(second.requests).toEqual([]);
  });

  it("reads an endless answer only up to the cap", async () => {
    const answer = await post(true, `http://127.0.0.1:${endless.port}/`, { maxBodyBytes: 4096 });
    const fetched = await guardedFetch({ allowPrivate: true, maxResponseBytes: 256 * 1024 })(
      `http://127.0.0.1:${endless.port}/`,
    );

    expect(answer.status).toBe(500);
    expect(answer.body.length).toBe(4096);
    await expect(fetched.text()).rejects.toThrow();
  });
});

describe("the LLM SDKs call out through the same policy", () => {
  it("refuses a provider base URL on loopback before any byte is sent, as a non-retryable refusal", async () => {
    const target = await new Target().start();
    try {
      const connector = openAiConnector(
        { apiKey: "k", baseUrl: `http://[::ffff:127.0.0.1]:${target.port}/v1` },
        guardedFetch({ allowPrivate: false, maxResponseBytes: 1 << 20 }),
      );

      const error = await connector(
        { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] },
        { timeoutMs: 2000 },
      ).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(LlmCallError);
      expect(error).toMatchObject({
        kind: "refused",
        message: "openai: ::ffff:7f00:1 is an address the outbound address policy refuses",
      });
      expect(target.connections).toBe(0);
    } finally {
      await target.stop();
    }
  });
});
