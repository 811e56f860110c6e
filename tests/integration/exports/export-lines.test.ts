import { randomUUID } from "node:crypto";
import * as Exports from "@core/exports";
import * as Scores from "@core/scores";
import * as Traces from "@core/traces";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

/*
 * Observations exported as JSONL are written by the telemetry store (core/traces/observation-line.ch.ts), not by
 * `observationItem`: the two must give the same values for every row (docs/export.md, "Lines written by the store").
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
    const rows: unknown[] = [];
    for await (const page of await Exports.readPages(app.deps, key.id, "observations", filters)) rows.push(...page);

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

  it("refuses a cursor made for another order", async () => {
    const listed = await Traces.listObservations(app.deps, key.id, query(1));

    await expect(
      Traces.observationLines(app.deps, key.id, { ...query(1), cursor: listed.nextCursor! }),
    ).rejects.toMatchObject({ message: "Invalid cursor: it was made for another order" });
  });
});
