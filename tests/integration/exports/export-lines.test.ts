import { randomUUID } from "node:crypto";
import * as Exports from "@core/exports";
import * as Scores from "@core/scores";
import * as Traces from "@core/traces";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeRows, exportRows } from "../../support/export-rows";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

/*
 * Exports are written by the telemetry store (core/traces/observation-line.ch.ts, trace-line.ch.ts,
 * core/scores/score-line.ch.ts), as JSON lines or CSV records, not by the lists' mappings (`observationItem`,
 * `traceItem`, `scoreView`) and `csvRecord`: the two must give the same values for every row (docs/export.md,
 * "Lines written by the store").
 */

const AWKWARD = 'quote " backslash \\ slash / tab \t newline \n nul-ish \u0001 é 漢字 🎉 \u2028';

/** Observations with every field set, unset and awkward, through ingest as users send them. */
function awkwardBatch(traceId: string) {
  const id = () => randomUUID();
  return [
    ev("trace-create", { id: traceId, name: "t", timestamp: at(0) }, at(0)),
    ev(
      "generation-create",
      {
        id: id(),
        traceId,
        name: AWKWARD,
        model: "gpt-4o-mini",
        modelParameters: { temperature: 0.7, stop: ["\n", "</s>"], nested: { "1": AWKWARD, b: null } },
        startTime: at(100),
        completionStartTime: at(350),
        endTime: at(1_234),
        usageDetails: { input: 1234, output: 56, "1": 7 },
        level: "WARNING",
        statusMessage: AWKWARD,
        version: "v/1",
        environment: "prod/eu",
        promptName: "p",
        promptVersion: 3,
      },
      at(100),
    ),
    ev(
      "generation-create",
      {
        id: id(),
        traceId,
        name: "given parts",
        startTime: at(200),
        costDetails: { input: 0.1, output: 0.2 },
        modelParameters: { s: "a string" },
      },
      at(200),
    ),
    ev(
      "generation-create",
      {
        id: id(),
        traceId,
        name: "given total",
        costDetails: { total: 1e-7, input: 3 },
        modelParameters: { list: [1, 2.5e-9] },
      },
      at(300),
    ),
    ev("span-create", { id: id(), traceId, startTime: at(400), modelParameters: { n: 42 } }, at(400)),
    ev("event-create", { id: id(), traceId, name: "", startTime: at(500), parentObservationId: "x/y" }, at(500)),
    ev("span-create", { id: `${id()}-\u00e9`, traceId, name: "non-ascii id", startTime: at(600) }, at(600)),
  ];
}

const query = (limit: number) => Traces.ListObservationsQuery.parse({ limit });

/** The export's whole text, its chunks joined. */
async function exported(
  app: TestApp,
  projectId: string,
  table: Exports.ExportTable,
  format: Exports.ExportFormat,
  pageSize?: number,
) {
  const chunks: Buffer[] = [];
  const text = await Exports.exportText(app.deps, projectId, table, format, Exports.exportFilters(table, {}), {
    pageSize,
  });
  for await (const chunk of text) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A CSV cell as a value: objects and arrays by their JSON (a map's keys may come in another order), numbers by value
 * (the store may spell one otherwise, `1e21` for `1e+21`), the rest as text.
 */
function cellValue(cell: string): unknown {
  if (/^[[{]/.test(cell)) return JSON.parse(cell);
  if (/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(cell)) return Number(cell);
  return cell;
}
const csvValues = (text: string) =>
  (parse(text, { relax_column_count: false }) as string[][]).map((r) => r.map(cellValue));

const parseLines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("exports: observation lines written by the telemetry store", () => {
  let app: TestApp;
  let key: Key & { id: string };

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    for (const traceId of [randomUUID(), randomUUID()])
      expect((await ingest(app, awkwardBatch(traceId), { key })).errors).toEqual([]);
    // What ingest never writes: a model_parameters text that is not JSON, times at the epoch's first second.
    const seen = "2026-11-22 10:00:00.000";
    await app.deps.telemetry.insert("observations", [
      {
        project_id: key.id,
        bucket: "2026-11-22",
        trace_id: "raw-trace",
        id: "raw-1",
        type: [seen, "span"],
        start_time: "1970-01-01 00:00:00.250",
        end_time: "2026-11-22 10:00:01.000",
        model_parameters: [seen, "not json {"],
        cost_computed: [seen, { input: 0.5, output: 0.25 }],
        created_at: seen,
        updated_at: seen,
      },
    ]);
  });
  afterAll(() => app?.close());

  it("writes each observation with the values the list shows, one line each, in key order", async () => {
    const { lines, nextCursor } = await Traces.observationLines(app.deps, key.id, query(1_000));
    const text = Buffer.from(lines).toString("utf8");
    const listed = await Traces.listObservations(app.deps, key.id, query(1_000), { keyOrder: true });

    expect(nextCursor).toBeNull();
    expect(text.endsWith("\n")).toBe(true);
    expect(text.split("\n")).toHaveLength(listed.data.length + 1);
    expect(listed.data).toHaveLength(13);
    expect(parseLines(text)).toEqual(listed.data);
    // The line keeps observationItem's field order, so the text reads as the list's JSON does.
    expect(Object.keys(parseLines(text)[0]!)).toEqual(Object.keys(listed.data[0]!));
  });

  it("covers what the line computes: sources, totals, latencies, the epoch's first second, text that is not JSON", async () => {
    const rows = parseLines(
      Buffer.from((await Traces.observationLines(app.deps, key.id, query(1_000))).lines).toString(),
    );
    const named = (name: string) => rows.find((r) => r.name === name)!;

    expect(named(AWKWARD)).toMatchObject({
      type: "GENERATION",
      costSource: "computed",
      latencyMs: 1_134,
      timeToFirstTokenMs: 250,
      usageDetails: { input: 1234, output: 56, "1": 7 },
      level: "WARNING",
      environment: "prod/eu",
      promptVersion: 3,
    });
    expect(named("given parts")).toMatchObject({ costSource: "client", totalCost: 0.1 + 0.2, endTime: null });
    expect(named("given total")).toMatchObject({ totalCost: 1e-7, modelParameters: { list: [1, 2.5e-9] } });
    expect(rows.find((r) => r.id === "raw-1")).toMatchObject({
      startTime: null,
      latencyMs: null,
      modelParameters: "not json {",
      costSource: "computed",
      totalCost: 0.75,
      environment: "default",
      level: "DEFAULT",
    });
  });

  it("walks pages of a few raw rows with a filter: every selected row once, as the rows' walk gives them", async () => {
    const filters = Exports.exportFilters("observations", {
      filter: JSON.stringify([{ column: "type", operator: "=", value: "GENERATION" }]),
    });
    const chunks: (string | Uint8Array)[] = [];
    for await (const chunk of await Exports.exportText(app.deps, key.id, "observations", "jsonl", filters, {
      pageSize: 2,
    }))
      chunks.push(chunk);
    const rows = await exportRows(app.deps, key.id, "observations", filters);

    expect(chunks.length).toBeGreaterThan(3);
    expect(rows).toHaveLength(6);
    expect(chunks.every((c) => c instanceof Uint8Array)).toBe(true);
    expect(parseLines(Buffer.concat(chunks as Uint8Array[]).toString("utf8"))).toEqual(rows);
  });

  it("spans fewer raw rows per page when rows are wide, so a page's text stays near its budget; every row once", async () => {
    const wide = await newProject(app);
    await app.deps.telemetry.command(
      `INSERT INTO observations (project_id, bucket, trace_id, id, type, start_time, status_message, created_at, updated_at)
       SELECT {p:String}, toDate('2026-11-22'), concat('t', leftPad(toString(intDiv(number, 3)), 5, '0')),
         concat('o', leftPad(toString(number), 5, '0')), (toDateTime64('2026-11-22 10:00:00', 3, 'UTC'), 'span'),
         toDateTime64('2026-11-22 10:00:00', 3, 'UTC'), (toDateTime64('2026-11-22 10:00:00', 3, 'UTC'), repeat('w', 1000)),
         toDateTime64('2026-11-22 10:00:00', 3, 'UTC'), toDateTime64('2026-11-22 10:00:00', 3, 'UTC')
       FROM numbers(6000)`,
      { p: wide.id },
    );
    const chunks: Uint8Array[] = [];
    const text = await Exports.exportText(
      app.deps,
      wide.id,
      "observations",
      "jsonl",
      Exports.exportFilters("observations", {}),
      {
        pageBytes: 200_000,
      },
    );
    for await (const chunk of text) chunks.push(chunk as Uint8Array);
    const ids = parseLines(Buffer.concat(chunks).toString("utf8")).map((r) => r.id);

    // The first page spans EXPORT_PAGE raw rows; the rest, about 200 KB of about 1.3 KB lines each.
    expect(chunks[0]!.length).toBeGreaterThan(5_000_000);
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    for (const chunk of chunks.slice(1)) expect(chunk.length).toBeLessThan(250_000);
    expect(ids).toEqual(Array.from({ length: 6000 }, (_, i) => `o${String(i).padStart(5, "0")}`));
  });

  it("writes each score with the values the scores list shows, in key order", async () => {
    const own = await newProject(app);
    const traceId = randomUUID();
    await ingest(
      app,
      [
        ev("trace-create", { id: traceId, name: "t", timestamp: at(0) }, at(0)),
        ev("score-create", { id: randomUUID(), traceId, name: "quality", value: 0.1 + 0.2, comment: AWKWARD }, at(10)),
        ev(
          "score-create",
          { id: randomUUID(), traceId, name: "tone", value: "rude", dataType: "CATEGORICAL", metadata: { k: AWKWARD } },
          at(20),
        ),
        ev(
          "score-create",
          { id: randomUUID(), traceId, name: "ok", value: 1, dataType: "BOOLEAN", environment: "prod/eu" },
          at(30),
        ),
        ev("score-create", { id: randomUUID(), sessionId: "s/1", name: "session", value: 2.5e-9 }, at(40)),
      ],
      { key: own },
    );
    const query = Scores.ListScoresQuery.parse({ limit: 1_000 });
    const { lines } = await Scores.scoreLines(app.deps, own.id, query);
    const listed = await Scores.listScores(app.deps, own.id, query, { keyOrder: true });

    expect(listed.data).toHaveLength(4);
    expect(parseLines(Buffer.from(lines).toString("utf8"))).toEqual(listed.data);
    expect(Object.keys(parseLines(Buffer.from(lines).toString("utf8"))[0]!)).toEqual(Object.keys(listed.data[0]!));
    expect(listed.data.find((r) => r.name === "session")).toMatchObject({ traceId: null, sessionId: "s/1" });
    expect(listed.data.find((r) => r.name === "tone")).toMatchObject({ value: null, metadata: { k: AWKWARD } });
  });

  it("writes observations and scores as CSV with the cells csvRecord writes of the list's rows", async () => {
    for (const table of ["observations", "scores"] as const) {
      const text = await exported(app, key.id, table, "csv", 3);
      const oracle = encodeRows(
        table,
        "csv",
        await exportRows(app.deps, key.id, table, Exports.exportFilters(table, {})),
      );

      expect(text.split("\r\n")[0]).toBe(Exports.EXPORT_COLUMNS[table].join(","));
      expect(text.endsWith("\r\n")).toBe(true);
      expect(csvValues(text)).toEqual(csvValues(oracle));
    }
    // Text fields are written as they are, quoted only when they must be; line breaks stay inside their quotes.
    const text = await exported(app, key.id, "observations", "csv");
    expect(text).toContain(`"${AWKWARD.replace(/"/g, '""')}"`);
    expect(csvValues(text).length).toBe(14);
  });

  describe("traces", () => {
    let own: Key & { id: string };
    const ids = { full: randomUUID(), bare: randomUUID(), early: randomUUID() };

    beforeAll(async () => {
      own = await newProject(app);
      const id = () => randomUUID();
      await ingest(
        app,
        [
          ev(
            "trace-create",
            {
              id: ids.full,
              name: AWKWARD,
              userId: "u/1",
              sessionId: "s,1",
              release: "r1",
              version: "v1",
              environment: "prod/eu",
              public: true,
              tags: ["b", "a", "é", "a"],
              metadata: { k: AWKWARD },
              timestamp: at(0),
            },
            at(0),
          ),
          ev(
            "generation-create",
            { id: id(), traceId: ids.full, startTime: at(100), endTime: at(900), costDetails: { total: 0.25 } },
            at(100),
          ),
          ev(
            "generation-create",
            { id: id(), traceId: ids.full, startTime: at(200), costDetails: { input: 1e-7, output: 2e-7 } },
            at(200),
          ),
          ev("span-create", { id: id(), traceId: ids.full, startTime: at(300), endTime: at(1_500) }, at(300)),
          ev("trace-create", { id: ids.bare, timestamp: at(50) }, at(50)),
          // Its first observation starts before the trace's timestamp: the latency runs from there.
          ev("trace-create", { id: ids.early, name: "early", timestamp: at(1_000) }, at(1_000)),
          ev("span-create", { id: id(), traceId: ids.early, startTime: at(400), endTime: at(1_200) }, at(400)),
          ev("score-create", { id: id(), traceId: ids.early, name: "q", value: 1 }, at(1_100)),
        ],
        { key: own },
      );
      // What ingest never writes: a trace whose only time is the epoch's first second, with a span that never
      // ends; a trace whose timestamp is later than its first observation's start (ingest moves the trace's to it).
      const seen = "2026-11-22 10:00:00.000";
      const trace = (id: string, timestamp: string) => ({
        project_id: own.id,
        bucket: "2026-11-22",
        id,
        timestamp,
        created_at: seen,
        updated_at: seen,
      });
      const span = (traceId: string, id: string, start: string, end: string | null) => ({
        project_id: own.id,
        bucket: "2026-11-22",
        trace_id: traceId,
        id,
        type: [seen, "span"],
        start_time: start,
        end_time: end,
        created_at: seen,
        updated_at: seen,
      });
      await app.deps.telemetry.insert("traces", [
        trace("raw-trace", "1970-01-01 00:00:00.500"),
        trace("raw-late", "2026-11-22 10:00:05.000"),
      ]);
      await app.deps.telemetry.insert("observations", [
        span("raw-trace", "raw-span", "2026-11-22 10:00:00.000", null),
        span("raw-late", "raw-first", "2026-11-22 10:00:01.000", "2026-11-22 10:00:02.000"),
        span("raw-late", "raw-last", "2026-11-22 10:00:04.000", "2026-11-22 10:00:06.250"),
      ]);
    });

    it("writes each trace with the values the traces list shows, roll-up included, in key order", async () => {
      const listed = await exportRows(app.deps, own.id, "traces", Exports.exportFilters("traces", {}));
      const text = await exported(app, own.id, "traces", "jsonl");

      expect(listed).toHaveLength(5);
      expect(parseLines(text)).toEqual(listed);
      expect(Object.keys(parseLines(text)[0]!)).toEqual(Object.keys(listed[0]!));
      const byId = new Map(parseLines(text).map((r) => [r.id, r]));
      expect(byId.get(ids.full)).toMatchObject({
        name: AWKWARD,
        public: true,
        tags: ["a", "b", "é"],
        environment: "prod/eu",
        observationCount: 3,
        totalCost: 0.25 + 1e-7 + 2e-7,
        latencyMs: 1_500,
      });
      expect(byId.get(ids.bare)).toMatchObject({
        observationCount: 0,
        totalCost: null,
        latencyMs: null,
        public: false,
        tags: [],
      });
      expect(byId.get(ids.early)).toMatchObject({ observationCount: 1, totalCost: null, latencyMs: 800 });
      expect(byId.get("raw-trace")).toMatchObject({ timestamp: null, observationCount: 1, latencyMs: null });
      expect(byId.get("raw-late")).toMatchObject({ observationCount: 2, latencyMs: 5_250 });
    });

    it("writes traces as CSV, and in pages of one raw row each trace once", async () => {
      const listed = await exportRows(app.deps, own.id, "traces", Exports.exportFilters("traces", {}));
      const csv = await exported(app, own.id, "traces", "csv", 1);

      expect(csvValues(csv)).toEqual(csvValues(encodeRows("traces", "csv", listed)));
      expect(parseLines(await exported(app, own.id, "traces", "jsonl", 1))).toEqual(listed);
    });

    it("applies the traces list's filters to the lines", async () => {
      const filters = Exports.exportFilters("traces", { name: "early" });
      const chunks: Buffer[] = [];
      for await (const chunk of await Exports.exportText(app.deps, own.id, "traces", "jsonl", filters))
        chunks.push(Buffer.from(chunk));

      expect(parseLines(Buffer.concat(chunks).toString("utf8"))).toEqual(
        await exportRows(app.deps, own.id, "traces", filters),
      );
      expect(parseLines(Buffer.concat(chunks).toString("utf8")).map((r) => r.id)).toEqual([ids.early]);
    });
  });

  it("refuses a cursor made for another order", async () => {
    const listed = await Traces.listObservations(app.deps, key.id, query(1));

    await expect(
      Traces.observationLines(app.deps, key.id, { ...query(1), cursor: listed.nextCursor! }),
    ).rejects.toMatchObject({ message: "Invalid cursor: it was made for another order" });
  });
});
