import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import * as Datasets from "@core/datasets";
import { datasetRunners } from "@core/datasets/datasets.sql";
import { generateRingKey, keyRingFromSpec } from "@core/platform/keyring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateStoredSecrets } from "../../../scripts/rotate-secrets";
import {
  type Connection,
  fetchItems,
  ingest,
  parseTrigger,
  reportRunItem,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySignature,
} from "../../../sdk/typescript/src/index.js";
import { dataset } from "../../support/datasets";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";
import { freePort } from "../../support/spawn-server";

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/trigger`;
}

/**
 * A customer runner as docs/runner.md shows it: verifies the trigger with the SDK helper, accepts,
 * then fetches the items with its own key, sends a trace per item through ingest and reports it.
 */
class Runner {
  secret = "";
  received: { headers: IncomingMessage["headers"]; body: string }[] = [];
  work: Promise<void> = Promise.resolve();
  readonly server: Server;
  constructor(conn: () => Connection) {
    this.server = createServer(async (req, res) => {
      const raw = await readBody(req);
      this.received.push({ headers: req.headers, body: raw });
      if (
        !(await verifySignature(
          this.secret,
          req.headers[TIMESTAMP_HEADER] as string,
          raw,
          req.headers[SIGNATURE_HEADER] as string,
        ))
      ) {
        res.writeHead(401).end("invalid signature");
        return;
      }
      const trigger = parseTrigger(raw);
      res.writeHead(202).end();
      this.work = (async () => {
        const items = await fetchItems(conn(), trigger.itemsUrl);
        for (const item of items) {
          const traceId = `${trigger.runName}-${item.id}`;
          const output = typeof item.input === "string" ? item.input.toUpperCase() : JSON.stringify(item.input);
          await ingest(conn(), [
            {
              id: `${traceId}-t`,
              type: "trace-create",
              timestamp: new Date().toISOString(),
              body: { id: traceId, name: "runner", input: item.input, output },
            },
            {
              id: `${traceId}-s`,
              type: "score-create",
              timestamp: new Date().toISOString(),
              body: { traceId, name: "exact", value: output === item.expectedOutput ? 1 : 0 },
            },
          ]);
          await reportRunItem(conn(), {
            datasetName: trigger.dataset,
            runName: trigger.runName,
            datasetItemId: item.id,
            traceId,
          });
        }
      })();
    });
  }
}

describe("remote runs: signed triggers to a runner on loopback", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let runner: Runner;
  let runnerUrl: string;
  const hanging: Server = createServer(() => {});
  const failing: Server = createServer((_req, res) => res.writeHead(500).end("boom: the runner fell over"));

  beforeAll(async () => {
    // A short outbound limit, so the runner that never answers times out quickly.
    app = await startTestApp({ SIGHTLINE_OUTBOUND_TIMEOUT_MS: "500" });
    key = await newProject(app);
    runner = new Runner(() => ({ baseUrl: app.url, publicKey: key.publicKey, secretKey: key.secretKey }));
    runnerUrl = await listen(runner.server);
  });
  afterAll(async () => {
    for (const s of [runner?.server, hanging, failing]) {
      s?.closeAllConnections();
      s?.close();
    }
    await app?.close();
  });

  const register = async (name: string, url: string) => {
    const res = await app.call("PUT", `/v1/datasets/${name}/runner`, { key, body: { url } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { url: string; secret: string };
  };

  it("a remote run naming evaluators: each item the runner reports is scored with dataset.* bound to it", async () => {
    const name = await dataset(app, key, {
      items: [
        { id: "a", input: "paris", expectedOutput: "PARIS" },
        { id: "b", input: "rome", expectedOutput: "Rome" },
      ],
    });
    runner.secret = (await register(name, runnerUrl)).secret;
    const created = await app.call("POST", "/v1/evaluators", {
      key,
      body: { name: `${name}-upper`, kind: "CODE", expression: "exactMatch(output, expected)", scoreName: "upper" },
    });
    expect(created.status).toBe(201);

    const res = await app.call("POST", `/v1/datasets/${name}/remote-runs`, {
      key,
      body: { runName: "scored", evaluators: [`${name}-upper`] },
    });
    expect(res.status).toBe(201);
    await runner.work;
    await app.drainQueues();
    const run = await app.call("GET", `/v1/datasets/${name}/runs/scored`, { key });
    expect(run.body.scores).toEqual([
      { name: "exact", mean: 0.5, count: 2 },
      { name: "upper", mean: 0.5, count: 2 },
    ]);
    const unknown = await app.call("POST", `/v1/datasets/${name}/remote-runs`, {
      key,
      body: { runName: "never", evaluators: ["no-such-evaluator"] },
    });
    expect(unknown.status).toBe(404);
    expect((await app.call("GET", `/v1/datasets/${name}/runs/never`, { key })).status).toBe(404);
  });

  it("creates the run, sends the signed trigger; the runner verifies it, fetches items, reports traces and scores", async () => {
    const name = await dataset(app, key, {
      items: [
        { id: "a", input: "paris", expectedOutput: "PARIS" },
        { id: "b", input: "rome", expectedOutput: "Rome" },
      ],
    });
    const registered = await register(name, runnerUrl);
    runner.secret = registered.secret;
    runner.received = [];

    const res = await app.call("POST", `/v1/datasets/${name}/remote-runs`, {
      key,
      body: { runName: "nightly", version: "v7" },
    });
    await runner.work;
    await app.drainQueues();
    const run = await app.call("GET", `/v1/datasets/${name}/runs/nightly`, { key });
    const detail = await app.call("GET", `/v1/datasets/${name}`, { key });

    expect(registered.url).toBe(runnerUrl);
    expect(registered.secret).toMatch(/^rs-sl-[A-Za-z0-9_-]{43}$/);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ runName: "nightly", accepted: true, status: "accepted", httpStatus: 202 });
    const [trigger] = runner.received;
    expect(JSON.parse(trigger!.body)).toEqual({
      event: "dataset.run.requested",
      projectId: key.id,
      dataset: name,
      runName: "nightly",
      version: "v7",
      itemCount: 2,
      itemsUrl: `/v1/datasets/${name}`,
      resultsUrl: "/v1/dataset-run-items",
    });
    expect(trigger!.headers[TIMESTAMP_HEADER]).toMatch(/^\d{10}$/);
    expect(trigger!.headers[SIGNATURE_HEADER]).toMatch(/^[0-9a-f]{64}$/);
    expect(run.body).toMatchObject({
      name: "nightly",
      version: "v7",
      remote: true,
      scores: [{ name: "exact", mean: 0.5, count: 2 }],
    });
    expect(run.body.items.map((i: any) => [i.datasetItemId, i.traceId])).toEqual([
      ["a", "nightly-a"],
      ["b", "nightly-b"],
    ]);
    expect(detail.body.runner).toMatchObject({
      url: runnerUrl,
      lastStatus: "accepted",
      lastError: null,
      lastHttpStatus: 202,
    });
    expect(detail.body.runner.lastTriggeredAt).toMatch(/Z$/);
    expect(JSON.stringify(detail.body)).not.toContain(registered.secret);
  });

  it("a failing runner leaves a visible empty run and its last status and error on the dataset", async () => {
    const name = await dataset(app, key, { items: [{ input: "x" }] });
    await register(name, await listen(failing));

    const res = await app.call("POST", `/v1/datasets/${name}/remote-runs`, { key, body: { runName: "broken" } });
    const run = await app.call("GET", `/v1/datasets/${name}/runs/broken`, { key });
    const detail = await app.call("GET", `/v1/datasets/${name}`, { key });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      runName: "broken",
      accepted: false,
      status: "rejected",
      httpStatus: 500,
      error: "Runner answered 500: boom: the runner fell over",
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ name: "broken", remote: true, version: null, items: [], scores: [] });
    expect(detail.body.runner).toMatchObject({
      lastStatus: "rejected",
      lastHttpStatus: 500,
      lastError: "Runner answered 500: boom: the runner fell over",
    });
    expect(detail.body.runs).toEqual([expect.objectContaining({ name: "broken", itemCount: 0, remote: true })]);
  });

  it("an unreachable runner and one that never answers are recorded as unreachable and timeout", async () => {
    const closed = await dataset(app, key);
    const slow = await dataset(app, key);
    await register(closed, `http://127.0.0.1:${await freePort()}/gone`);
    await register(slow, await listen(hanging));

    const unreachable = await app.call("POST", `/v1/datasets/${closed}/remote-runs`, { key, body: { runName: "r1" } });
    const timeout = await app.call("POST", `/v1/datasets/${slow}/remote-runs`, { key, body: { runName: "r1" } });

    expect(unreachable.body).toMatchObject({ runName: "r1", accepted: false, status: "unreachable", httpStatus: null });
    expect(unreachable.body.error).toMatch(/^Runner unreachable: ECONNREFUSED/);
    expect(timeout.body).toEqual({
      runName: "r1",
      accepted: false,
      status: "timeout",
      httpStatus: null,
      error: "Runner did not answer in time: No answer within 500 ms",
    });
    for (const name of [closed, slow]) {
      const detail = await app.call("GET", `/v1/datasets/${name}`, { key });
      expect(detail.body.runs.map((r: any) => [r.name, r.itemCount])).toEqual([["r1", 0]]);
    }
    expect((await app.call("GET", `/v1/datasets/${slow}`, { key })).body.runner.lastStatus).toBe("timeout");
  });

  it("a runner holding an old secret refuses the trigger: re-registering rotates the secret", async () => {
    const name = await dataset(app, key);
    runner.secret = (await register(name, runnerUrl)).secret;
    await register(name, runnerUrl);

    const res = await app.call("POST", `/v1/datasets/${name}/remote-runs`, { key, body: { runName: "stale" } });

    expect(res.body).toEqual({
      runName: "stale",
      accepted: false,
      status: "rejected",
      httpStatus: 401,
      error: "Runner answered 401: invalid signature",
    });
  });

  it("refuses a remote run without a runner (409), a taken run name (409), bad URLs (400), and other projects (404)", async () => {
    const name = await dataset(app, key);
    const other = await newProject(app);

    const noRunner = await app.call("POST", `/v1/datasets/${name}/remote-runs`, { key, body: { runName: "r" } });
    const badUrl = await app.call("PUT", `/v1/datasets/${name}/runner`, { key, body: { url: "ftp://example.com/x" } });
    const foreign = await app.call("PUT", `/v1/datasets/${name}/runner`, { key: other, body: { url: runnerUrl } });
    runner.secret = (await register(name, runnerUrl)).secret;
    await app.call("POST", `/v1/datasets/${name}/remote-runs`, { key, body: { runName: "r" } });
    const taken = await app.call("POST", `/v1/datasets/${name}/remote-runs`, { key, body: { runName: "r" } });
    const foreignRun = await app.call("POST", `/v1/datasets/${name}/remote-runs`, {
      key: other,
      body: { runName: "r2" },
    });
    const audit = await app.call("GET", "/v1/audit-log?targetType=dataset&limit=1000", { key });

    expect(noRunner.status).toBe(409);
    expect(noRunner.body.error.message).toBe(
      `Dataset '${name}' has no runner: register one with PUT /v1/datasets/${name}/runner`,
    );
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.message).toBe("url must be an absolute http or https URL");
    expect(foreign.status).toBe(404);
    expect(taken.status).toBe(409);
    expect(foreignRun.status).toBe(404);
    const entry = audit.body.data.find((e: any) => e.action === "dataset.runner_registered" && e.details.name === name);
    expect(entry.details).toEqual({ name, url: runnerUrl, previousUrl: null });
    expect(JSON.stringify(audit.body)).not.toContain(runner.secret);
  });

  it("stores the secret sealed; the rotation command's table re-seals it and the runner still verifies", async () => {
    const name = await dataset(app, key, { items: [{ id: "only", input: "x" }] });
    runner.secret = (await register(name, runnerUrl)).secret;
    const dataset_ = (await app.call("GET", `/v1/datasets/${name}`, { key })).body;
    const [row] = await app.deps.db.select().from(datasetRunners).where(eq(datasetRunners.datasetId, dataset_.id));
    const previousRing = app.deps.keyRing;
    // The ring `npm start` made for this data dir, with a new key put first: the operator's rotation step.
    const ring = keyRingFromSpec(
      `next:${generateRingKey()},${readFileSync(join(app.dataDir, "keyring"), "utf8").trim()}`,
    );

    expect(row!.secretSealed).toMatch(/^v1:k1:/);
    expect(row!.secretSealed).not.toContain(runner.secret);

    const reports = await rotateStoredSecrets({ db: app.deps.db, keyRing: ring }, [Datasets.runnerSecrets]);
    app.deps.keyRing = ring;
    try {
      const [after] = await app.deps.db.select().from(datasetRunners).where(eq(datasetRunners.datasetId, dataset_.id));
      const res = await app.call("POST", `/v1/datasets/${name}/remote-runs`, {
        key,
        body: { runName: uniq("after-rotation") },
      });
      await runner.work;

      expect(reports[0]).toMatchObject({ table: "dataset_runners", unreadable: [] });
      expect(reports[0]!.rewritten).toBeGreaterThanOrEqual(1);
      expect(after!.secretSealed).toMatch(/^v1:next:/);
      expect(res.body).toMatchObject({ accepted: true, status: "accepted" });
    } finally {
      app.deps.keyRing = previousRing;
    }
  });
});
