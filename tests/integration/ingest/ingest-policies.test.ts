import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest, pastInline } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

describe("ingest policies: PII masking and sampling", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("masks PII in input and output before the batch reaches the blob store", async () => {
    const put = await app.call("PUT", "/v1/pii-policy", {
      body: {
        enabled: true,
        builtins: ["email", "credit_card"],
        custom: [{ name: "ticket", pattern: "TICKET-\\d+", replacement: "[TICKET]" }],
      },
    });
    expect(put.status).toBe(200);
    expect((await app.call("GET", "/v1/pii-policy")).body).toMatchObject({
      enabled: true,
      builtins: ["email", "credit_card"],
    });
    const bad = await app.call("PUT", "/v1/pii-policy", {
      body: { enabled: true, builtins: [], custom: [{ name: "x", pattern: "(" }] },
    });
    expect(bad.status).toBe(400);

    const traceId = randomUUID();
    const spanId = randomUUID();
    await ingest(
      app,
      [
        ev("trace-create", {
          id: traceId,
          input: { text: "mail ada@example.com about TICKET-42" },
          metadata: { owner: "ada@example.com" },
        }),
        // The span's metadata makes the batch large enough to be stored as an object, where the raw text can be read back.
        ev("span-create", {
          id: spanId,
          traceId,
          output: ["card 4111 1111 1111 1111", "not a card 4111 1111 1111 1112"],
          metadata: pastInline(),
        }),
      ],
      { drain: false },
    );

    const batches = await app.deps.blobs.list("batches/");
    const raw = Buffer.from((await app.deps.blobs.get(batches[batches.length - 1]!))!).toString("utf8");
    expect(raw).not.toContain("ada@example.com about");
    expect(raw).not.toContain('4111 1111 1111 1111"');
    await app.drainQueues();

    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;
    expect(trace.input).toEqual({ text: "mail [REDACTED:email] about [TICKET]" });
    // Only input and output are masked: metadata is the customer's own labelling.
    expect(trace.metadata).toEqual({ owner: "ada@example.com" });
    expect(trace.observations[0].output).toEqual(["card [REDACTED:credit_card]", "not a card 4111 1111 1111 1112"]);
    await app.call("PUT", "/v1/pii-policy", { body: { enabled: false, builtins: [], custom: [] } });
  });

  it("head-samples whole traces by a hash of the trace id", async () => {
    expect((await app.call("PUT", "/v1/ingest/sampling", { body: { headRate: 0.5 } })).status).toBe(200);
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const res = await ingest(
      app,
      ids.flatMap((id) => [ev("trace-create", { id }), ev("span-create", { id: randomUUID(), traceId: id })]),
    );
    expect(res.successes).toHaveLength(80);
    const kept = await Promise.all(
      ids.map(async (id) => {
        const r = await app.call("GET", `/v1/traces/${id}`);
        if (r.status === 200) expect(r.body.observations).toHaveLength(1);
        return r.status === 200;
      }),
    );
    const n = kept.filter(Boolean).length;
    expect(n).toBeGreaterThan(5);
    expect(n).toBeLessThan(35);
    // Same fate on a second batch: kept traces keep getting events, dropped ones stay absent.
    await ingest(
      app,
      ids.map((id) => ev("span-create", { id: randomUUID(), traceId: id })),
    );
    for (const [i, id] of ids.entries()) {
      const r = await app.call("GET", `/v1/traces/${id}`);
      expect(r.status).toBe(kept[i] ? 200 : 404);
      if (kept[i]) expect(r.body.observations).toHaveLength(2);
    }
  });

  it("keeps traces with an error or above the cost threshold under a tail rule", async () => {
    await app.call("PUT", "/v1/ingest/sampling", { body: { headRate: 0, tail: { keepErrors: true, minCostUsd: 1 } } });
    expect((await app.call("GET", "/v1/ingest/sampling")).body).toEqual({
      headRate: 0,
      tail: { keepErrors: true, minCostUsd: 1 },
    });
    const [plain, failing, costly] = [randomUUID(), randomUUID(), randomUUID()];
    await ingest(app, [
      ev("trace-create", { id: plain }),
      ev("span-create", { id: randomUUID(), traceId: plain }),
      ev("trace-create", { id: failing }),
      ev("span-create", { id: randomUUID(), traceId: failing, level: "ERROR", statusMessage: "boom" }),
      ev("generation-create", { id: randomUUID(), traceId: costly, model: "x", costDetails: { total: 2.5 } }),
    ]);
    expect((await app.call("GET", `/v1/traces/${plain}`)).status).toBe(404);
    expect((await app.call("GET", `/v1/traces/${failing}`)).body.observations[0]).toMatchObject({
      level: "ERROR",
      statusMessage: "boom",
    });
    expect((await app.call("GET", `/v1/traces/${costly}`)).body.totalCost).toBe(2.5);
    // A kept trace keeps later events, even ones that alone would be dropped.
    await ingest(app, [ev("span-create", { id: randomUUID(), traceId: failing, name: "later" })]);
    expect((await app.call("GET", `/v1/traces/${failing}`)).body.observations).toHaveLength(2);
    await app.call("PUT", "/v1/ingest/sampling", { body: { headRate: 1 } });
  });

  it("refuses sampling rates outside 0..1", async () => {
    const res = await app.call("PUT", "/v1/ingest/sampling", { body: { headRate: 1.5 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Invalid body.headRate: Too big: expected number to be <=1");
  });
});
