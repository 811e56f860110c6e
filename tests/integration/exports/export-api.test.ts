import { randomUUID } from "node:crypto";
import * as Exports from "@core/exports";
import * as Traces from "@core/traces";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, ev, ingest } from "../../support/ingest";
import { allPages } from "../../support/list-pages";
import { basic, startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

/** Two traces with awkward text (commas, quotes, line breaks), three observations, two scores. */
async function seed(app: TestApp, key: Key) {
  const t = { a: randomUUID(), b: randomUUID() };
  const o = { span: randomUUID(), gen: randomUUID(), event: randomUUID() };
  await ingest(
    app,
    [
      ev(
        "trace-create",
        {
          id: t.a,
          name: 'chat, "quoted"\nnext line',
          userId: "u1",
          tags: ["x", "y"],
          input: "secret body",
          metadata: { k: "v" },
          timestamp: at(0),
        },
        at(0),
      ),
      ev("span-create", { id: o.span, traceId: t.a, name: "retrieve", startTime: at(0), endTime: at(1000) }, at(0)),
      ev(
        "generation-create",
        {
          id: o.gen,
          traceId: t.a,
          name: "llm",
          model: "gpt-4o-mini",
          startTime: at(100),
          endTime: at(700),
          usageDetails: { input: 100, output: 50 },
          costDetails: { total: 0.25 },
        },
        at(100),
      ),
      ev(
        "trace-create",
        { id: t.b, name: "search", userId: "u2", environment: "staging", timestamp: at(60_000) },
        at(60_000),
      ),
      ev(
        "event-create",
        { id: o.event, traceId: t.b, name: "cache-miss", startTime: at(60_000), environment: "staging" },
        at(60_000),
      ),
      ev(
        "score-create",
        { id: `q-${t.a}`, traceId: t.a, name: "quality", value: 0.9, timestamp: at(1_000) },
        at(1_000),
      ),
      ev(
        "score-create",
        {
          id: `t-${t.b}`,
          traceId: t.b,
          name: "tone",
          value: "rude",
          dataType: "CATEGORICAL",
          comment: "a, b",
          timestamp: at(61_000),
        },
        at(61_000),
      ),
    ],
    { key },
  );
  return { t, o };
}

/** The raw answer of an export: status, headers and the body as text. */
async function exportOf(app: TestApp, key: Key | null, query: Record<string, string>) {
  const res = await fetch(`${app.url}/v1/exports?${new URLSearchParams(query)}`, {
    headers: key ? { authorization: basic(key) } : {},
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const jsonl = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** An export's order: the table's sort key (trace id, then id), not the list's (docs/export.md, "Speed"). */
const keyOrder = <T extends { id: string; traceId?: string }>(rows: T[]) =>
  [...rows].sort((a, b) => cmp(a.traceId ?? "", b.traceId ?? "") || cmp(a.id, b.id));
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("exports: the lists' rows streamed as JSONL or CSV", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let t: Awaited<ReturnType<typeof seed>>["t"];
  let o: Awaited<ReturnType<typeof seed>>["o"];

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    ({ t, o } = await seed(app, key));
  });
  afterAll(() => app?.close());

  it("streams every observation as JSONL, exactly the rows of the list, in key order", async () => {
    const res = await exportOf(app, key, { table: "observations", format: "jsonl" });

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="observations-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.jsonl"$/,
    );
    expect(jsonl(res.text)).toEqual(keyOrder(await allPages(app, key, "/v1/observations")));
    expect(new Set(jsonl(res.text).map((r) => r.id))).toEqual(new Set([o.event, o.gen, o.span]));
  });

  it("applies the list's filters and accepts its order parameters", async () => {
    const res = await exportOf(app, key, {
      table: "observations",
      environment: "default",
      order: "asc",
      filter: JSON.stringify([{ column: "cost", operator: ">", value: 0 }]),
    });

    expect(jsonl(res.text).map((r) => r.id)).toEqual([o.gen]);
    expect(jsonl(res.text)[0]).toMatchObject({ totalCost: 0.25, usageDetails: { input: 100, output: 50 } });
  });

  it("writes traces as CSV with a header of the list's fields, nested values as JSON text, RFC 4180 quoting", async () => {
    const res = await exportOf(app, key, { table: "traces", format: "csv" });
    const records: string[][] = parse(res.text);

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.text.split("\r\n")[0]).toBe(Exports.EXPORT_COLUMNS.traces.join(","));
    expect(records[0]).toEqual([...Exports.EXPORT_COLUMNS.traces]);
    const rows = records.slice(1).map((r) => Object.fromEntries(records[0]!.map((c, i) => [c, r[i]])));
    expect(rows.map((r) => r.id)).toEqual([t.a, t.b].sort());
    expect(rows.find((r) => r.id === t.a)).toMatchObject({
      name: 'chat, "quoted"\nnext line',
      userId: "u1",
      tags: '["x","y"]',
      sessionId: "",
      observationCount: "2",
      public: "false",
    });
    expect(res.text).toContain('"chat, ""quoted""\nnext line"');
  });

  it("leaves bodies out, as the lists do", async () => {
    const res = await exportOf(app, key, { table: "traces" });

    expect(res.text).not.toContain("secret body");
    expect(jsonl(res.text).find((r) => r.id === t.a)).not.toHaveProperty("input");
  });

  it("exports scores with the scores list's filters", async () => {
    const res = await exportOf(app, key, { table: "scores", format: "csv", dataType: "CATEGORICAL" });
    const [header, ...rows]: string[][] = parse(res.text);

    expect(header).toEqual([...Exports.EXPORT_COLUMNS.scores]);
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf("comment")]).toBe("a, b");
    expect(rows[0]![header!.indexOf("stringValue")]).toBe("rude");
  });

  it("writes the CSV header alone when nothing matches", async () => {
    const res = await exportOf(app, key, { table: "scores", format: "csv", name: "no-such-score" });

    expect(res.text).toBe(`${Exports.EXPORT_COLUMNS.scores.join(",")}\r\n`);
  });

  it("reads page by page: a page of one row gives the same rows", async () => {
    const filters = Exports.exportFilters("observations", {});
    const pages = await Exports.exportText(app.deps, key.id, "observations", "jsonl", filters, { pageSize: 1 });
    const rows: unknown[] = [];
    let count = 0;
    for await (const page of pages) {
      count++;
      rows.push(...jsonl(Buffer.from(page).toString("utf8")));
    }

    expect(count).toBe(3);
    expect(rows).toEqual(
      keyOrder((await Traces.listObservations(app.deps, key.id, Traces.ListObservationsQuery.parse({}))).data),
    );
  });

  it("walks many pages and returns every row the filter selects exactly once", async () => {
    const other = await newProject(app);
    const traces = Array.from({ length: 6 }, () => randomUUID());
    const ids = traces.map((traceId) => ({ traceId, llm: [randomUUID(), randomUUID()], tool: randomUUID() }));
    await ingest(
      app,
      ids.flatMap(({ traceId, llm, tool }, i) => [
        ev("generation-create", { id: llm[0], traceId, name: "draft", startTime: at(i * 1000) }, at(i * 1000)),
        ev("generation-create", { id: llm[1], traceId, name: "llm", startTime: at(i * 1000 + 10) }, at(i * 1000 + 10)),
        ev("span-create", { id: tool, traceId, name: "tool", startTime: at(i * 1000 + 20) }, at(i * 1000 + 20)),
      ]),
      { key: other },
    );
    // A second batch renames the drafts: each is now two raw rows whose fold is "llm", the filter's value.
    await ingest(
      app,
      ids.map(({ traceId, llm }, i) =>
        ev("generation-update", { id: llm[0], traceId, name: "llm" }, at(i * 1000 + 30)),
      ),
      { key: other },
    );
    const query = { filter: JSON.stringify([{ column: "name", operator: "=", value: "llm" }]) };

    const pages = await Exports.exportText(
      app.deps,
      other.id,
      "observations",
      "jsonl",
      Exports.exportFilters("observations", query),
      { pageSize: 3 },
    );
    const rows: { id: string; traceId: string }[] = [];
    let count = 0;
    for await (const page of pages) {
      count++;
      rows.push(...(jsonl(Buffer.from(page).toString("utf8")) as typeof rows));
    }

    expect(count).toBeGreaterThan(1);
    expect(rows.map((r) => r.id)).toHaveLength(12);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids.flatMap((i) => i.llm)));
    expect(rows).toEqual(keyOrder(await allPages(app, other, "/v1/observations", query)));
  });

  it("refuses a bad filter with a 400 before streaming", async () => {
    const res = await exportOf(app, key, {
      table: "observations",
      filter: JSON.stringify([{ column: "nope", operator: "=", value: 1 }]),
    });

    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(JSON.parse(res.text).error.code).toBe("invalid_input");
  });

  it("refuses a parameter of the list's schema with its message", async () => {
    const res = await exportOf(app, key, { table: "traces", from: "yesterday" });

    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.message).toBe("Invalid query.from: expected an ISO-8601 date-time");
  });

  it("refuses limit and cursor: an export reads every page", async () => {
    const res = await exportOf(app, key, { table: "traces", limit: "10" });

    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.message).toBe(
      "Invalid query.limit: an export reads every page; filter with from/to or filter instead",
    );
  });

  it("refuses an unknown table or format", async () => {
    const table = await exportOf(app, key, { table: "sessions" });
    const format = await exportOf(app, key, { table: "traces", format: "xlsx" });

    expect(table.status).toBe(400);
    expect(JSON.parse(table.text).error.message).toMatch(/^Invalid query\.table: /);
    expect(format.status).toBe(400);
    expect(JSON.parse(format.text).error.message).toMatch(/^Invalid query\.format: /);
  });

  it("exports only the caller's project", async () => {
    const other = await newProject(app);
    const res = await exportOf(app, other, { table: "observations" });

    expect(res.status).toBe(200);
    expect(res.text).toBe("");
  });

  it("needs credentials", async () => {
    const res = await exportOf(app, null, { table: "traces" });

    expect(res.status).toBe(401);
  });
});
