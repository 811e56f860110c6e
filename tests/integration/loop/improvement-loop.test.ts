import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

// The improvement loop through the public API, as an API client runs it with curl (issue 29): a bad trace becomes a
// case, a better prompt is tried in the playground and saved, both versions run over the cases with an evaluator,
// the runs are compared and gated, the label moves; a colleague is told in a comment and sent a link.
describe("from a bad trace to a better prompt, through the API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("keeps the case, tries and saves a prompt, runs both versions, compares, gates, promotes, comments and shares", async () => {
    const created = await app.call("POST", "/v1/evaluators", {
      body: { name: "mentions-link", kind: "CODE", expression: "contains(output, 'link')" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(
      (
        await app.call("POST", "/v1/prompts", {
          body: { name: "support", type: "TEXT", content: "Answer: {{question}}", labels: ["production"] },
        })
      ).status,
    ).toBe(201);

    // A production trace of a bad answer, produced by prompt support v1.
    await ingest(app, [
      ev("trace-create", {
        id: "bad-1",
        name: "support-chat",
        input: { question: "How do I reset my password?" },
        output: "No idea.",
      }),
      ev("generation-create", {
        id: "bad-1-gen",
        traceId: "bad-1",
        model: "gpt-4o-mini",
        promptName: "support",
        promptVersion: 1,
        input: { question: "How do I reset my password?" },
        output: "No idea.",
      }),
    ]);

    // 1. Keep the case: the trace becomes a dataset item, with a corrected expected output.
    expect((await app.call("POST", "/v1/datasets", { body: { name: "cases" } })).status).toBe(201);
    const item = await app.call("POST", "/v1/datasets/cases/items/from-trace", {
      body: { traceId: "bad-1", expectedOutput: "Use the reset link" },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    expect(item.body).toMatchObject({
      input: { question: "How do I reset my password?" },
      expectedOutput: "Use the reset link",
      sourceTraceId: "bad-1",
    });

    // 2. Try a better prompt against a model, streamed.
    const tried = await fetch(`${app.url}/v1/playground/completions`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${app.admin.publicKey}:${app.admin.secretKey}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        provider: "mock",
        model: "mock-1",
        messages: [{ role: "user", content: "Answer with the reset link: How do I reset my password?" }],
      }),
    });
    expect(tried.status).toBe(200);
    expect(tried.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await tried.text();
    expect(events).toMatch(/event: delta/);
    expect(events).toMatch(/event: done/);

    // 3. Save it as the next version, labelled staging.
    const saved = await app.call("POST", "/v1/prompts", {
      body: {
        name: "support",
        type: "TEXT",
        content: "Answer with the reset link when it helps: {{question}}",
        labels: ["staging"],
        commitMessage: "mention the reset link",
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.version).toBe(2);

    // 4. Run both versions over the cases, with the evaluator; Sightline calls the model.
    for (const [runName, label] of [
      ["prod-run", "production"],
      ["staging-run", "staging"],
    ] as const) {
      const started = await app.call("POST", "/v1/datasets/cases/experiments", {
        body: {
          prompt: { name: "support", label },
          provider: "mock",
          model: "mock-1",
          mapping: { question: "input.question" },
          evaluators: ["mentions-link"],
          runName,
        },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
    }
    await app.drainQueues();
    for (const runName of ["prod-run", "staging-run"]) {
      const run = await app.call("GET", `/v1/datasets/cases/runs/${runName}`);
      expect(run.body.experiment, runName).toMatchObject({ status: "completed", done: 1, failed: 0 });
      expect(run.body.items).toHaveLength(1);
    }

    // 5. Compare the runs, gate the new one.
    const compared = await app.call("GET", "/v1/datasets/cases/compare?runs=prod-run,staging-run");
    expect(compared.status).toBe(200);
    expect(JSON.stringify(compared.body)).toContain("mentions-link");
    const gate = await app.call("POST", "/v1/datasets/cases/runs/staging-run/gate", {
      body: { thresholds: { "mentions-link": 0 } },
    });
    expect(gate.status).toBe(200);
    expect(gate.body.results).toEqual([expect.objectContaining({ scoreName: "mentions-link", count: 1 })]);

    // 6. Promote the label.
    expect(
      (await app.call("POST", "/v1/prompts/support/labels", { body: { label: "production", version: 2 } })).status,
    ).toBe(200);
    expect((await app.call("GET", "/v1/prompts/support?channel=production")).body).toMatchObject({ version: 2 });

    // 7. Tell a colleague: a comment on the trace, and a link that opens it without an account.
    const comment = await app.call("POST", "/v1/comments", {
      body: { objectType: "TRACE", objectId: "bad-1", body: "Kept as a case; fixed in **v2**" },
    });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    const link = await app.call("POST", "/v1/traces/bad-1/share-links", { body: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const shared = await app.call("GET", `/v1/shared/${link.body.token}`, { key: null });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id: "bad-1", output: "No idea." });

    // What Sightline spent calling models for this loop is visible in its own environment.
    const own = await app.call("GET", "/v1/traces?environment=sightline&limit=50");
    const tags = own.body.data.flatMap((t: { tags: string[] }) => t.tags);
    expect(tags).toEqual(expect.arrayContaining(["sightline:playground", "sightline:experiment"]));
  });
});
