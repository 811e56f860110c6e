import { FAST_BODIES, fastEvent } from "@core/ingest/fast-events";
import { EVENT_BODIES, type EventType, IngestEventEnvelope } from "@core/ingest/ingest.schema";
import { toIsoUtc, validateEvents } from "@core/ingest/validate-events";
import { describe, expect, it } from "vitest";
import type * as z from "zod";

// The validation fast path (docs/ingest.md, "Validation fast path") must answer exactly as zod alone does.

const TIME_FIELDS = ["timestamp", "startTime", "endTime", "completionStartTime"] as const;

/** What zod alone makes of one event: the path validateEvents took before the fast path, as data. */
function zodAlone(raw: unknown): { ok: true; event: unknown } | { ok: false } {
  const envelope = IngestEventEnvelope.safeParse(raw);
  if (!envelope.success) return { ok: false };
  const schema = EVENT_BODIES[envelope.data.type as EventType] as z.ZodType | undefined;
  if (!schema || !Object.hasOwn(EVENT_BODIES, envelope.data.type)) return { ok: false };
  const body = schema.safeParse(envelope.data.body);
  if (!body.success) return { ok: false };
  const normalised = body.data as Record<string, unknown>;
  for (const field of TIME_FIELDS)
    if (typeof normalised[field] === "string") normalised[field] = toIsoUtc(normalised[field]);
  const { id, type, timestamp } = envelope.data;
  return { ok: true, event: { id, type, timestamp: toIsoUtc(timestamp), body: normalised } };
}

const NOW = "2026-11-27T10:00:00.000Z";
const base = (type: string, body: Record<string, unknown>) => ({ id: "e1", type, timestamp: NOW, body });
const trace = { id: "t1", name: "chat", input: { q: "hi" }, tags: ["a"] };
const span = { id: "s1", traceId: "t1", name: "retrieve", startTime: NOW };

/** Values a field may carry: well-formed, at the limits, and wrong in each way the schemas check. */
const VALUES: unknown[] = [
  null,
  "",
  "x",
  "a".repeat(200),
  "a".repeat(201),
  "a".repeat(512),
  "a".repeat(513),
  "nul\u0000inside",
  0,
  -1,
  1.5,
  3,
  2 ** 53,
  true,
  [],
  ["a", "b"],
  ["a", 1],
  {},
  { a: 1, b: 2 },
  { a: "1" },
  JSON.parse('{"__proto__": {"polluted": 1}}'),
  NOW,
  "2026-11-27T10:00:00Z",
  "2026-11-27T10:00:00.123456Z",
  "2026-11-27T10:00:00.000z",
  "2026-11-27T10:00:00+02:00",
  "2026-11-27T10:00:00.5-0530",
  "2026-11-27T10:00",
  "2026-11-27T10:00:00",
  "2024-02-29T00:00:00.000Z",
  "2025-02-29T00:00:00.000Z",
  "2026-02-30T10:00:00.000Z",
  "2026-11-27",
  "0000-01-01T00:00:00.000Z",
  "9999-12-31T23:59:59.999Z",
  "2000-02-29T12:00:00.000Z",
  "1900-02-29T12:00:00.000Z",
  "2100-02-29T12:00:00.000Z",
  "2026-04-31T12:00:00.000Z",
  "2026-11-27T24:00:00.000Z",
  "2026-11-27T23:60:00.000Z",
  "2026-11-27T23:59:60.000Z",
  "2026-13-01T00:00:00.000Z",
  "2026-00-10T00:00:00.000Z",
  "2026-11-00T00:00:00.000Z",
  "2026-11-27T10:00:00.0a0Z",
  "2026-11-27 10:00:00.000Z",
  "２026-11-27T10:00:00.000Z",
  "+275760-09-13T00:00:00.000Z",
  "DEBUG",
  "ERROR",
  "error",
  "NUMERIC",
  "CATEGORICAL",
  "BOOLEAN",
  "numeric",
  0.5,
  Number.MAX_VALUE,
  false,
];

function variants(): unknown[] {
  const out: unknown[] = [];
  const types: [string, Record<string, unknown>][] = [
    ["trace-create", trace],
    ["span-create", span],
    ["span-update", { id: "s1" }],
    ["generation-create", { ...span, model: "gpt-4o-mini", usageDetails: { input: 1 } }],
    ["generation-update", { id: "g1", traceId: "t1", endTime: NOW, costDetails: { total: 0.1 } }],
    ["event-create", span],
    // Scores: each data type and the refinements between value, stringValue and dataType.
    ["score-create", { traceId: "t1", name: "quality", value: 0.9 }],
    ["score-create", { id: "sc1", traceId: "t1", name: "quality", value: 0.9, dataType: "NUMERIC", comment: "ok" }],
    ["score-create", { traceId: "t1", observationId: "s1", name: "tone", value: "polite", dataType: "CATEGORICAL" }],
    ["score-create", { sessionId: "sess", name: "tone", stringValue: "polite", dataType: "CATEGORICAL" }],
    ["score-create", { traceId: "t1", name: "tone", stringValue: "polite" }],
    ["score-create", { traceId: "t1", name: "ok", value: true, dataType: "BOOLEAN", timestamp: NOW }],
    ["score-create", { traceId: "t1", name: "ok", value: 1, dataType: "BOOLEAN", metadata: { by: "judge" } }],
    ["score-create", { traceId: "t1", name: "judged", value: 0.2, configId: "c1", environment: "prod" }],
  ];
  for (const [type, body] of types) {
    const fields = Object.keys((FAST_BODIES[type as keyof typeof FAST_BODIES][1] as z.ZodObject).shape);
    out.push(base(type, body), base(type, { ...body, unknownField: 1 }));
    for (const field of [...fields, "unknownField"]) {
      const { [field]: _, ...without } = body;
      out.push(base(type, without));
      for (const value of VALUES) out.push(base(type, { ...body, [field]: value }));
    }
    for (const value of VALUES) {
      out.push({ ...base(type, body), id: value }, { ...base(type, body), timestamp: value });
      out.push({ ...base(type, body), body: value }, { ...base(type, body), metadata: value });
    }
    const { timestamp: _, ...noTime } = base(type, body);
    out.push(noTime, { ...base(type, body), type: "Trace-Create" });
  }
  out.push(null, [], "event", { ...base("trace-create", trace), type: "constructor" });
  out.push({ ...base("trace-create", trace), body: Object.assign(Object.create(null), trace) });
  return out;
}

describe("validation fast path", () => {
  it("checks exactly the fields of the zod schemas it stands for, in their order", () => {
    for (const [spec, schema] of Object.values(FAST_BODIES))
      expect(Object.keys(spec)).toEqual(Object.keys((schema as z.ZodObject).shape));
  });

  it("accepts only what zod accepts, and returns what validateEvents returned through zod, key for key", () => {
    const cases = variants();
    let fast = 0;
    for (const raw of cases) {
      const mine = fastEvent(structuredClone(raw));
      const reference = zodAlone(structuredClone(raw));
      if (mine === null) continue;
      fast++;
      expect(reference, JSON.stringify(raw)).toEqual({ ok: true, event: mine });
      // Same keys in the same order: the stored batch's JSON is the same text.
      expect(JSON.stringify(mine)).toBe(JSON.stringify((reference as { event: unknown }).event));
    }
    // The fast path must take the common events, or it is no fast path.
    expect(fast).toBeGreaterThan(cases.length / 3);
  });

  it("answers a batch exactly as zod alone would, refusals worded by zod", () => {
    const batch = variants().map((raw, i) =>
      raw && typeof raw === "object" && !Array.isArray(raw)
        ? { ...raw, id: (raw as { id?: unknown }).id === "e1" ? `e${i}` : (raw as { id?: unknown }).id }
        : raw,
    );
    const got = validateEvents(structuredClone(batch));
    const seen = new Set<unknown>();
    const expected = { events: [] as unknown[], successes: [] as unknown[] };
    for (const raw of structuredClone(batch)) {
      const r = zodAlone(raw);
      if (!r.ok) continue;
      const event = r.event as { id: string };
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      expected.events.push(event);
      expected.successes.push({ id: event.id, status: 201 });
    }
    expect(JSON.stringify(got.events)).toBe(JSON.stringify(expected.events));
    expect(got.results.successes).toEqual(expected.successes);
    expect(
      validateEvents([
        { id: "bad", type: "span-create", timestamp: NOW, body: { id: "s", traceId: "t", level: "error" } },
      ]).results.errors,
    ).toEqual([
      {
        id: "bad",
        status: 400,
        message: 'Invalid span-create body: level: Invalid option: expected one of "DEBUG"|"DEFAULT"|"WARNING"|"ERROR"',
      },
    ]);
  });
});
