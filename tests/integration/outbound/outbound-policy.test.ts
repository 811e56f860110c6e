import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeProviders } from "../../support/fake-providers";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { createScratchDatabase } from "../../support/scratch-db";
import { seedDataDir } from "../../support/store-template";

const REFUSED = "url names a private or loopback address, which this deployment refuses (SIGHTLINE_ALLOW_PRIVATE_URLS)";

/** A loopback runner that counts connections and answers 500 with a long body full of control characters. */
async function noisyRunner(): Promise<{ server: Server; url: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((req, res) => {
    req.resume();
    res
      .writeHead(500, { "content-type": "text/plain" })
      .end(`internal\u0000secret\r\n\u001b[2J${"token=abc123;".repeat(1000)}`);
  });
  server.on("connection", () => connections++);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    server,
    url: `http://localhost:${(server.address() as AddressInfo).port}/trigger`,
    connections: () => connections,
  };
}

/**
 * The policy through the public interface, as a deployment that switched it on finds it: a runner and a
 * provider stored while private addresses were allowed (the local default) are unreachable after a
 * restart that refuses them, and reachable again when allowed. Registration refuses the literal forms.
 */
describe("the outbound address policy end to end", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-outbound-"));
  const key = {
    SIGHTLINE_INIT_PUBLIC_KEY: "pk-sl-outbound",
    SIGHTLINE_INIT_SECRET_KEY: "sk-sl-outbound",
    SIGHTLINE_DATA_DIR: dataDir,
  };
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let runner: Awaited<ReturnType<typeof noisyRunner>>;
  let fake: FakeProviders;
  const start = async (allow: boolean) => {
    return startTestApp({
      ...key,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      SIGHTLINE_ALLOW_PRIVATE_URLS: String(allow),
    });
  };
  const judge = (app: TestApp) => app.call("POST", "/v1/evaluators/helpful/run", { body: { traceId: "t-outbound" } });

  beforeAll(async () => {
    scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    runner = await noisyRunner();
    fake = await new FakeProviders().start();
    await seedDataDir(dataDir, scratch ? { DATABASE_URL: scratch.url } : {});
    const app = await start(true);
    try {
      expect((await app.call("POST", "/v1/datasets", { body: { name: "d1" } })).status).toBe(201);
      expect((await app.call("PUT", "/v1/datasets/d1/runner", { body: { url: runner.url } })).status).toBe(200);
      expect(
        (await app.call("PUT", "/v1/providers/openai", { body: { apiKey: "sk-openai", baseUrl: `${fake.url}/v1` } }))
          .status,
      ).toBe(200);
      const created = await app.call("POST", "/v1/evaluators", {
        body: {
          name: "helpful",
          prompt: "Answer: {{answer}}",
          provider: "openai",
          model: "gpt-4o-mini",
          variableMapping: [{ variable: "answer", source: "trace.output" }],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await ingest(app, [ev("trace-create", { id: "t-outbound", name: "qa", input: "q", output: "a" })]);
    } finally {
      await app.stop();
    }
  });
  afterAll(async () => {
    runner?.server.close();
    await fake?.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe("with private addresses refused (the AWS default)", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await start(false);
    });
    afterAll(() => app?.stop());

    it("refuses the literal forms at registration with a 400", async () => {
      for (const url of [
        "http://[::ffff:127.0.0.1]:3941/v1/projects",
        "http://127.1:3941/",
        "http://0x7f000001/",
        "http://public@127.0.0.1/",
        "http://[::1]/",
        "http://169.254.169.254/",
        "http://metadata.internal/",
      ]) {
        const runnerAnswer = await app.call("PUT", "/v1/datasets/d1/runner", { body: { url } });
        const providerAnswer = await app.call("PUT", "/v1/providers/openai", { body: { apiKey: "k", baseUrl: url } });

        expect(runnerAnswer.status, url).toBe(400);
        expect(runnerAnswer.body.error).toMatchObject({ code: "invalid_input", message: REFUSED });
        expect(providerAnswer.status, url).toBe(400);
        expect(providerAnswer.body.error.code).toBe("invalid_input");
      }
      expect((await app.call("GET", "/v1/datasets/d1")).body.runner.url).toBe(runner.url);
    });

    it("never connects to a stored runner whose name resolves to loopback", async () => {
      const before = runner.connections();

      const answer = await app.call("POST", "/v1/datasets/d1/remote-runs", { body: { runName: "refused-run" } });
      const dataset = await app.call("GET", "/v1/datasets/d1");

      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        runName: "refused-run",
        accepted: false,
        status: "unreachable",
        httpStatus: null,
        error: "Runner unreachable: localhost resolves to an address the outbound address policy refuses",
      });
      expect(dataset.body.runner).toMatchObject({ lastStatus: "unreachable", lastError: answer.body.error });
      expect(runner.connections()).toBe(before);
    });

    it("never calls a stored provider base URL on loopback; the judge fails with the refusal", async () => {
      fake.reset();

      const answer = await judge(app);

      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({
        code: "unprocessable",
        message: "openai: 127.0.0.1 is an address the outbound address policy refuses",
      });
      expect(answer.body.error.details.votes[0]).toMatchObject({ status: "failed", failure: "refused", attempts: 0 });
      expect(fake.requests).toEqual([]);
    });
  });

  describe("with private addresses allowed (the local default)", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await start(true);
    });
    afterAll(() => app?.stop());

    it("reaches the runner, and shows back only its status and a short clean excerpt", async () => {
      const before = runner.connections();

      const answer = await app.call("POST", "/v1/datasets/d1/remote-runs", { body: { runName: "allowed-run" } });

      expect(runner.connections()).toBe(before + 1);
      expect(answer.body).toMatchObject({ accepted: false, status: "rejected", httpStatus: 500 });
      expect(answer.body.error).toBe(
        `Runner answered 500: internal secret [2J${"token=abc123;".repeat(20).slice(0, 200 - "internal secret [2J".length)}…`,
      );
      expect((await app.call("GET", "/v1/datasets/d1")).body.runner.lastError).toBe(answer.body.error);
    });

    it("reaches the provider", async () => {
      fake.reset();

      const answer = await judge(app);

      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.score.source).toBe("EVAL");
      expect(fake.requests.length).toBeGreaterThan(0);
    });
  });
});
