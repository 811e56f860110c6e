import {
  type EventType,
  IngestEventEnvelope,
  ObservationCreateBody,
  ObservationUpdateBody,
  ScoreBody,
  TraceBody,
} from "./ingest.schema";

/**
 * A fast path for the events nearly every batch is made of (docs/ingest.md, "Validation fast path"): trace,
 * span, generation and event creates and updates, and scores, checked by hand against the same rules as their zod
 * schemas in ingest.schema.ts. It only ever says "valid, and here is what zod would have returned"; anything
 * it does not recognise, or any doubt, returns null and the event goes through zod, which then accepts it or
 * writes the refusal. So every message of a refused event is zod's, unchanged.
 * tests/unit/ingest/fast-events.test.ts checks it against zod field by field and on generated events.
 */

type Field = (v: unknown) => boolean;

/** A plain object as JSON.parse makes them (zod's objects and records refuse arrays and null); fast-queue-message.ts too. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
/** The ISO pattern zod's `z.iso.datetime({offset, local})` tests (taken from the schema, so the two cannot part). */
const ISO = (IngestEventEnvelope.shape.timestamp as unknown as { _zod: { pattern: RegExp } })._zod.pattern;
const ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A valid time as `toIsoUtc` (validate-events.ts) normalises it (ISO-8601 UTC with milliseconds), or null
 * when zod's Timestamp would refuse it.
 */
function isoUtc(v: unknown): string | null {
  if (typeof v !== "string") return null;
  // Most SDKs send this very form: a real date in it is printed back unchanged, so it is its own normal form.
  if (v.length === 24 && isCanonicalUtc(v)) return v;
  if (!ISO.test(v)) return null;
  const ms = Date.parse(ZONE.test(v) ? v : `${v}Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The value of the `n` digits of `v` at `at`, or -1 when one of them is not a digit. */
function digits(v: string, at: number, n: number): number {
  let value = 0;
  for (let i = at; i < at + n; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * Whether `v` (24 characters) is `YYYY-MM-DDTHH:mm:ss.sssZ` naming a real instant, checked by hand: exactly the
 * strings `new Date(v).toISOString()` prints back unchanged, without building a Date (the parse and the print
 * were a tenth of validating a batch). Anything else (24:00, a 30 February) takes the general path below.
 */
function isCanonicalUtc(v: string): boolean {
  if (v[4] !== "-" || v[7] !== "-" || v[10] !== "T" || v[13] !== ":" || v[16] !== ":" || v[19] !== "." || v[23] !== "Z")
    return false;
  const year = digits(v, 0, 4);
  const month = digits(v, 5, 2);
  const day = digits(v, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS[month - 1]!)) return false;
  const hour = digits(v, 11, 2);
  const minute = digits(v, 14, 2);
  const second = digits(v, 17, 2);
  return hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60 && digits(v, 20, 3) >= 0;
}

const id: Field = (v) => typeof v === "string" && v.length >= 1 && v.length <= 512 && !v.includes("\u0000");
const text: Field = (v) => typeof v === "string";
const timestamp: Field = (v) => isoUtc(v) !== null;
const any: Field = () => true;
/** A record of any values, without the one key a copy would turn into a prototype. */
const record: Field = (v) => isObject(v) && !Object.hasOwn(v, "__proto__");
const numbers: Field = (v) => record(v) && Object.values(v as object).every((n) => Number.isFinite(n));
const level: Field = (v) => v === "DEBUG" || v === "DEFAULT" || v === "WARNING" || v === "ERROR";
const strings: Field = (v) => Array.isArray(v) && v.every((s) => typeof s === "string");
const environment: Field = (v) => typeof v === "string" && v.length <= 200;

/** `opt(x)`: absent, null or an x. Required fields are marked `true`. */
type Copy = "record" | "array" | "time";
type Spec = Record<string, [check: Field, required: boolean, copy?: Copy]>;
const opt = (check: Field, copy?: Copy): [Field, boolean, Copy?] => [check, false, copy];

const TRACE: Spec = {
  id: [id, true],
  timestamp: opt(timestamp, "time"),
  name: opt(text),
  userId: opt(text),
  sessionId: opt(text),
  sessionPath: opt(text),
  release: opt(text),
  version: opt(text),
  environment: opt(environment),
  public: opt((v) => typeof v === "boolean"),
  tags: opt(strings, "array"),
  metadata: opt(any),
  input: opt(any),
  output: opt(any),
};

const OBSERVATION_UPDATE: Spec = {
  id: [id, true],
  traceId: opt(id),
  parentObservationId: opt(id),
  name: opt(text),
  startTime: opt(timestamp, "time"),
  endTime: opt(timestamp, "time"),
  completionStartTime: opt(timestamp, "time"),
  level: opt(level),
  statusMessage: opt(text),
  version: opt(text),
  environment: opt(environment),
  metadata: opt(any),
  input: opt(any),
  output: opt(any),
  model: opt(text),
  modelParameters: opt(record, "record"),
  usage: opt(record, "record"),
  usageDetails: opt(record, "record"),
  costDetails: opt(numbers, "record"),
  promptName: opt(text),
  promptVersion: opt((v) => Number.isSafeInteger(v) && (v as number) >= 0),
};
const OBSERVATION_CREATE: Spec = { ...OBSERVATION_UPDATE, traceId: [id, true] };

const SCORE: Spec = {
  id: opt(id),
  traceId: opt(id),
  observationId: opt(id),
  sessionId: opt(id),
  name: [(v) => typeof v === "string" && v.length >= 1 && v.length <= 200, true],
  value: opt((v) => (typeof v === "number" ? Number.isFinite(v) : typeof v === "string" || typeof v === "boolean")),
  stringValue: opt(text),
  dataType: opt((v) => v === "NUMERIC" || v === "CATEGORICAL" || v === "BOOLEAN"),
  comment: opt(text),
  configId: opt(text),
  environment: opt(environment),
  metadata: opt(any),
  timestamp: opt(timestamp, "time"),
};

/** ScoreBody's refinements, one for one, on the fields as checked: whom it scores, and a value its data type takes. */
function scoreHolds(s: Record<string, unknown>): boolean {
  const { value, stringValue, dataType } = s;
  return (
    Boolean(s.traceId || s.sessionId) &&
    (value != null || stringValue != null) &&
    (value != null || dataType == null || dataType === "CATEGORICAL") &&
    (dataType !== "NUMERIC" || typeof value === "number") &&
    (dataType !== "CATEGORICAL" || typeof value === "string" || Boolean(stringValue)) &&
    (dataType !== "BOOLEAN" || value === 0 || value === 1 || typeof value === "boolean")
  );
}

type FastBody = readonly [spec: Spec, schema: unknown, holds?: (body: Record<string, unknown>) => boolean];

/**
 * The specs, the zod schemas they stand for (the unit test checks their keys and order agree) and, where the
 * schema refines the whole body, the same rules by hand.
 */
export const FAST_BODIES = {
  "trace-create": [TRACE, TraceBody],
  "span-create": [OBSERVATION_CREATE, ObservationCreateBody],
  "span-update": [OBSERVATION_UPDATE, ObservationUpdateBody],
  "generation-create": [OBSERVATION_CREATE, ObservationCreateBody],
  "generation-update": [OBSERVATION_UPDATE, ObservationUpdateBody],
  "event-create": [OBSERVATION_CREATE, ObservationCreateBody],
  "score-create": [SCORE, ScoreBody, scoreHolds],
} satisfies Partial<Record<EventType, FastBody>>;
type FastType = keyof typeof FAST_BODIES;

/**
 * The event as `IngestEventEnvelope` and its body's schema would return it (keys in the schema's order,
 * unknown keys dropped, records and arrays copied) with its times already normalised as `validateEvents`
 * normalises them, or null: then zod decides.
 */
export function fastEvent(
  raw: unknown,
): { id: string; type: FastType; timestamp: string; body: Record<string, unknown> } | null {
  if (!isObject(raw)) return null;
  const { id: eventId, type, body } = raw;
  if (typeof type !== "string" || !Object.hasOwn(FAST_BODIES, type)) return null;
  const at = isoUtc(raw.timestamp);
  if (!id(eventId) || at === null || !record(body)) return null;
  const [spec, , holds]: FastBody = FAST_BODIES[type as FastType];
  const input = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in spec) {
    const [check, required, copy] = spec[key]!;
    if (!Object.hasOwn(input, key)) {
      if (required) return null;
      continue;
    }
    const v = input[key];
    if (v === undefined || v === null) {
      if (required) return null;
      out[key] = v;
      continue;
    }
    if (copy === "time") {
      const time = isoUtc(v);
      if (time === null) return null;
      out[key] = time;
      continue;
    }
    if (!check(v)) return null;
    out[key] = copy === "record" ? { ...(v as object) } : copy === "array" ? [...(v as unknown[])] : v;
  }
  if (holds && !holds(out)) return null;
  return { id: eventId as string, type: type as FastType, timestamp: at, body: out };
}
