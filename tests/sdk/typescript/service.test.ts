import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Connection,
  compilePrompt,
  fetchItems,
  type IngestProblem,
  parseTrigger,
  SIGNATURE_HEADER,
  Sightline,
  SightlineError,
  TIMESTAMP_HEADER,
  verifySignature,
} from "../../../sdk/typescript/src/index.js";
import { kill, type Spawned, spawnServer } from "../../support/spawn-server";
import { seedDataDir } from "../../support/store-template";
import { forwardingProxy } from "./forwarding-proxy";

/** The TypeScript SDK against `npm start` on embedded stores, in its own process. */
const KEY = { publicKey: "pk-sl-sdk-ts", secretKey: "sk-sl-sdk-ts" };
const cases = JSON.parse(readFileSync(new URL("../../../sdk/conformance/cases.json", import.meta.url), "utf8")) as {
  compile: {
    name: string;
    content: any;
    variables: Record<string, string | number | boolean>;
    placeholders: Record<string, { role: string; content: string }[]>;
    expected: unknown;
  }[];
};

let server: Spawned;
let dataDir: string;
let conn: Connection;
const problems: IngestProblem[] = [];
let sl: Sightline;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Polls until `check` holds; the worker merges ingest in the background. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await read();
      if (check(value)) return value;
    } catch (error) {
      if (!(error instanceof SightlineError && error.status === 404) || Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) return value as T;
    await sleep(200);
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "sightline-sdk-ts-"));
  await seedDataDir(dataDir);
  server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
  });
  conn = { baseUrl: server.url, ...KEY };
  sl = new Sightline({ ...conn, flushOnExit: false, onError: (p) => problems.push(p) });
});

afterAll(async () => {
  await sl?.shutdown();
  if (server) await kill(server, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("TypeScript SDK against npm start", () => {
  it("reads the connection from SIGHTLINE_* and round-trips a trace with a span, a generation, an event and a score", async () => {
    const client = new Sightline({
      flushOnExit: false,
      onError: (p) => problems.push(p),
      env: { SIGHTLINE_BASE_URL: server.url, SIGHTLINE_PUBLIC_KEY: KEY.publicKey, SIGHTLINE_SECRET_KEY: KEY.secretKey },
    });
    const trace = client.trace({
      name: "chat",
      userId: "u1",
      sessionId: "s1",
      input: { q: "hi" },
      tags: ["sdk"],
      metadata: { lang: "ts" },
    });
    const span = trace.span({ name: "retrieve", input: "hi" });
    const gen = span.generation({
      name: "llm",
      model: "gpt-4o-mini",
      modelParameters: { temperature: 0 },
      input: [{ role: "user", content: "hi" }],
    });
    gen.end({
      output: "hello",
      usageDetails: { input: 12, output: 3, total: 15 },
      costDetails: { input: 0.0012, output: 0.0006 },
    });
    span.end({ output: ["doc-1"] });
    trace.event({ name: "cache-miss", level: "WARNING" });
    gen.score({ name: "helpful", value: 1, dataType: "BOOLEAN", comment: "thumbs up" });
    trace.update({ output: "hello" });

    await client.shutdown();
    const read = await eventually(
      () => client.request<any>("GET", `/v1/traces/${trace.id}`),
      (t) => t.observations?.length === 3 && t.scores?.length === 1 && t.output === "hello",
    );

    expect(client.stats()).toEqual({ queued: 0, sent: 8, failed: 0, dropped: 0 });
    expect(read).toMatchObject({
      id: trace.id,
      name: "chat",
      userId: "u1",
      sessionId: "s1",
      input: { q: "hi" },
      output: "hello",
      tags: ["sdk"],
    });
    const byName = Object.fromEntries(read.observations.map((o: any) => [o.name, o]));
    expect(byName.retrieve).toMatchObject({ id: span.id, type: "SPAN", output: ["doc-1"] });
    expect(byName.llm).toMatchObject({
      id: gen.id,
      type: "GENERATION",
      parentObservationId: span.id,
      model: "gpt-4o-mini",
      output: "hello",
      usageDetails: { input: 12, output: 3, total: 15 },
      costSource: "client",
    });
    expect(byName.llm.totalCost).toBeCloseTo(0.0018, 6);
    expect(byName["cache-miss"]).toMatchObject({ type: "EVENT", level: "WARNING" });
    expect(read.scores[0]).toMatchObject({ name: "helpful", value: 1, observationId: gen.id, comment: "thumbs up" });
    expect(problems.filter((p) => p.kind !== "prompt")).toEqual([]);
  });

  it("surfaces a per-event rejection from the 207 to onError, and delivers the rest of the batch", async () => {
    const seen: IngestProblem[] = [];
    const client = new Sightline({ ...conn, flushOnExit: false, onError: (p) => seen.push(p) });

    const good = client.trace({ name: "fine" });
    client.score({ traceId: good.id, name: "bad", value: "not-a-number", dataType: "NUMERIC" });
    await client.shutdown();

    expect(seen).toEqual([
      expect.objectContaining({ kind: "rejected", status: 400, message: expect.stringContaining("score-create") }),
    ]);
    expect(client.stats()).toMatchObject({ sent: 1, failed: 1 });
  });

  it("compiles every shared case locally exactly as POST /v1/prompts/{name}/compile does", async () => {
    for (const c of cases.compile) {
      const name = uniq("conf");
      await sl.request("POST", "/v1/prompts", {
        name,
        type: typeof c.content === "string" ? "TEXT" : "CHAT",
        content: c.content,
        labels: ["production"],
      });

      const remote = await sl.request<{ compiled: unknown }>("POST", `/v1/prompts/${name}/compile`, {
        variables: c.variables,
        placeholders: c.placeholders,
      });
      const prompt = await sl.getPrompt(name);

      expect(compilePrompt(c.content, c.variables, c.placeholders), c.name).toEqual(remote.compiled);
      expect(prompt.compile(c.variables, c.placeholders), c.name).toEqual(remote.compiled);
    }
  });

  it("caches prompts, serves them stale while the service is unreachable, and falls back when nothing is cached", async () => {
    const name = uniq("greet");
    await sl.request("POST", "/v1/prompts", { name, type: "TEXT", content: "Hello {{who}}", labels: ["production"] });
    const proxy = await forwardingProxy(server.url);
    let clock = Date.now();
    const seen: IngestProblem[] = [];
    const client = new Sightline({
      ...conn,
      baseUrl: proxy.url,
      flushOnExit: false,
      timeoutMs: 2000,
      now: () => clock,
      onError: (p) => seen.push(p),
    });
    try {
      const first = await client.getPrompt(name, { cacheTtlSeconds: 60 });
      await sl.request("POST", "/v1/prompts", {
        name,
        type: "TEXT",
        content: "Hi there {{who}}",
        labels: ["production"],
      });
      const cached = await client.getPrompt(name);
      clock += 61_000;
      const stale = await client.getPrompt(name);
      const refreshed = await eventually(
        () => client.getPrompt(name),
        (p) => p.version === 2,
      );

      proxy.switchOff();
      clock += 61_000;
      const started = performance.now();
      const whileDown = await client.getPrompt(name, { fallback: "unused" });
      const servedInMs = performance.now() - started;
      const fallback = await client.getPrompt(uniq("never-fetched"), { fallback: "Fallback for {{who}}" });
      await expect(client.getPrompt(uniq("never-fetched"))).rejects.toThrow();
      await sleep(100);

      expect([first.version, cached.version, stale.version, refreshed.version]).toEqual([1, 1, 1, 2]);
      expect(refreshed.compile({ who: "Ada" })).toBe("Hi there Ada");
      expect(whileDown).toMatchObject({ version: 2, isFallback: false });
      expect(servedInMs).toBeLessThan(500); // the cached value at once, not after the 2 s timeout
      expect(fallback).toMatchObject({ isFallback: true, type: "TEXT" });
      expect(fallback.compile({ who: "Bo" })).toBe("Fallback for Bo");
      expect(seen.map((p) => p.kind)).toEqual(["prompt", "prompt"]);

      proxy.switchOn();
      clock += 61_000;
      await client.getPrompt(name);
      expect(
        (
          await eventually(
            () => client.getPrompt(name),
            (p) => !p.isFallback,
          )
        ).version,
      ).toBe(2);
    } finally {
      await client.shutdown();
      await proxy.close();
    }
  });

  it("queues while the service is unreachable and delivers everything once it is back, without blocking the caller", async () => {
    const proxy = await forwardingProxy(server.url);
    const seen: IngestProblem[] = [];
    const client = new Sightline({
      ...conn,
      baseUrl: proxy.url,
      flushOnExit: false,
      maxRetries: 8,
      timeoutMs: 2000,
      onError: (p) => seen.push(p),
    });
    try {
      proxy.switchOff();
      const started = performance.now();
      const trace = client.trace({ name: "offline" });
      for (let i = 0; i < 150; i++) trace.span({ name: `s${i}` }).end();
      const callerMs = performance.now() - started;
      await sleep(300);
      proxy.switchOn();
      await client.flush();

      expect(callerMs).toBeLessThan(1000);
      expect(client.stats()).toMatchObject({ queued: 0, sent: 301, failed: 0 });
      const read = await eventually(
        () => sl.request<any>("GET", `/v1/traces/${trace.id}`),
        (t) => t.observations?.length === 150,
      );
      expect(read.observations).toHaveLength(150);
      expect(seen).toEqual([]);
    } finally {
      await client.shutdown();
      await proxy.close();
    }
  });

  it("verifies a runner trigger the service signed, and the runner reports its items through the SDK", async () => {
    const dataset = uniq("runner-ds");
    await sl.createDataset({ name: dataset });
    expect(
      await sl.addDatasetItems(dataset, [
        { input: "a", expectedOutput: "A" },
        { input: "b", expectedOutput: "B" },
      ]),
    ).toMatchObject({ added: 2, rejected: 0 });
    let secret = "";
    const received: { verified: boolean; wrongSecret: boolean; raw: string }[] = [];
    let work: Promise<void> = Promise.resolve();
    const runner = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const raw = Buffer.concat(chunks);
      const [ts, sig] = [req.headers[TIMESTAMP_HEADER] as string, req.headers[SIGNATURE_HEADER] as string];
      const verified = await verifySignature(secret, ts, raw, sig);
      received.push({
        verified,
        wrongSecret: await verifySignature(`${secret}x`, ts, raw, sig, 300),
        raw: raw.toString("utf8"),
      });
      if (!verified) return res.writeHead(401).end();
      res.writeHead(202).end();
      const trigger = parseTrigger(raw);
      work = (async () => {
        for (const item of await fetchItems(conn, trigger.itemsUrl)) {
          const trace = sl.trace({ name: "runner-task", input: item.input, output: String(item.input).toUpperCase() });
          trace.score({ name: "exact", value: String(item.input).toUpperCase() === item.expectedOutput ? 1 : 0 });
          await sl.createDatasetRunItem({
            datasetName: trigger.dataset,
            runName: trigger.runName,
            datasetItemId: item.id,
            traceId: trace.id,
          });
        }
        await sl.flush();
      })();
    });
    runner.listen(0, "127.0.0.1");
    await once(runner, "listening");
    try {
      secret = (
        await sl.request<{ secret: string }>("PUT", `/v1/datasets/${dataset}/runner`, {
          url: `http://127.0.0.1:${(runner.address() as AddressInfo).port}/hook`,
        })
      ).secret;

      const answer = await sl.request("POST", `/v1/datasets/${dataset}/remote-runs`, { runName: "remote-1" });
      await work;

      expect(answer).toMatchObject({ accepted: true, status: "accepted" });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ verified: true, wrongSecret: false });
      expect(parseTrigger(received[0]!.raw)).toMatchObject({
        event: "dataset.run.requested",
        dataset,
        runName: "remote-1",
        itemCount: 2,
      });
      const run = await eventually(
        () => sl.getDatasetRun(dataset, "remote-1"),
        (r) => r.scores.some((s) => s.name === "exact" && s.count === 2),
      );
      expect(run.items).toHaveLength(2);
      expect(run.scores).toContainEqual({ name: "exact", mean: 1, count: 2 });
    } finally {
      runner.close();
    }
  });

  it("records a run with its items from the SDK, and the gate reads the scores the SDK sent", async () => {
    const dataset = uniq("gate-ds");
    await sl.createDataset({ name: dataset, description: "sdk gate" });
    await sl.addDatasetItems(dataset, [
      { input: "x", expectedOutput: "X" },
      { input: "y", expectedOutput: "Y" },
      { input: "z", expectedOutput: "nope" },
    ]);
    const items = await sl.getDatasetItems(dataset);
    const links = items.map((item) => {
      const trace = sl.trace({ name: "task", input: item.input, output: String(item.input).toUpperCase() });
      trace.score({ name: "correct", value: String(item.input).toUpperCase() === item.expectedOutput ? 1 : 0 });
      return { datasetItemId: item.id, traceId: trace.id };
    });
    await sl.flush();

    const run = await sl.createDatasetRun(dataset, { runName: "sdk-run", version: "v1", items: links });
    await eventually(
      () => sl.getDatasetRun(dataset, "sdk-run"),
      (r) => r.scores.some((s) => s.name === "correct" && s.count === 3),
    );
    const pass = await sl.gateDatasetRun(dataset, "sdk-run", { correct: 0.6 });
    const fail = await sl.gateDatasetRun(dataset, "sdk-run", { correct: 0.9, missing: 0.1 });

    expect(items).toHaveLength(3);
    expect(run).toMatchObject({ datasetName: dataset, name: "sdk-run", version: "v1" });
    expect(run.items).toHaveLength(3);
    expect(pass).toMatchObject({ passed: true, results: [{ scoreName: "correct", count: 3, passed: true }] });
    expect(pass.results[0]!.mean).toBeCloseTo(2 / 3, 6);
    expect(fail.passed).toBe(false);
    expect(fail.results.find((r) => r.scoreName === "missing")).toMatchObject({ count: 0, passed: false });
  });

  it("runs an evaluator and records a score directly", async () => {
    const evaluator = uniq("short");
    await sl.request("POST", "/v1/evaluators", {
      name: evaluator,
      kind: "CODE",
      expression: "len(output) < 10",
      scoreDataType: "BOOLEAN",
    });
    const trace = sl.trace({ name: "eval-me", output: "tiny" });
    await sl.flush();

    const { score } = await sl.runEvaluator(evaluator, { traceId: trace.id, output: "tiny" });
    const direct = await sl.createScore({
      traceId: trace.id,
      name: "feedback",
      value: "good",
      dataType: "CATEGORICAL",
    });

    expect(score).toMatchObject({ name: evaluator, value: 1, dataType: "BOOLEAN", source: "EVAL" });
    expect(direct.id).toEqual(expect.any(String));
    await expect(sl.runEvaluator(uniq("absent"), { traceId: trace.id })).rejects.toMatchObject({
      status: 404,
      code: "not_found",
    });
  });
});
