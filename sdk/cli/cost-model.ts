/**
 * The AWS variable cost of ingesting events with Sightline's serverless stack (docs/cost.md): measured inputs
 * (handler durations and the calls each batch makes, from `npm run bench -- cost`) times a dated price table.
 * Pure arithmetic, so the command, the docs and the tests compute the same figures.
 */

/** A dated AWS price table (one region); every figure is USD. */
export interface Prices {
  region: string;
  asOf: string;
  sources: string[];
  apiGateway: { httpPerMillion: number; unitBytes: number };
  lambda: { requestPerMillion: number; armGbSecond: number };
  sqs: { perMillion: number; unitBytes: number; maxMessageBytes: number };
  s3: { putPerThousand: number; getPerThousand: number; storageGbMonth: number };
  logs: { ingestPerGb: number };
}

/** Counted calls of one invocation, by billed operation (`s3:PutObject`, `sqs:SendMessage`, …). */
export type Calls = Record<string, number>;

/** What `npm run bench -- cost` measured for one batch size. */
export interface MeasuredBatch {
  /** Events in each ingest request. */
  events: number;
  /** Bytes of the request body (API Gateway meters 512 KB units) and of the stored batch blob. */
  requestBytes: number;
  blobBytes: number;
  /** The accept function, per request: warm handler time, the calls it made, the bytes it logged. */
  accept: { ms: number; calls: Calls; logBytes: number };
  /** The ingest worker per message of a delivery: `fixedMs` once per delivery plus `perMessageMs` each; calls per message. */
  worker: { fixedMs: number; perMessageMs: number; callsPerMessage: Calls; logBytesPerDelivery: number };
}

export interface Measured {
  measuredAt: string;
  machine: string;
  /**
   * The deployed settings when measured (functions/function-settings.ts, functions/queue-workers.ts), and the
   * largest queue message that carries its batch (core/ingest/accept-batch.ts).
   */
  settings: { acceptMemoryMb: number; workerMemoryMb: number; workerBatchSize: number; inlineBatchBytes: number };
  batches: MeasuredBatch[];
}

export interface Choices {
  events: number;
  /** Events per ingest request (the SDK's flush size). */
  batchSize: number;
  acceptMemoryMb: number;
  workerMemoryMb: number;
  /** Messages per worker delivery (the SQS event source's batch size). */
  workerBatchSize: number;
  /** `large`: a batch rides in its queue message when it fits, larger ones are S3 objects (what ships); `every`: all are objects. */
  claimCheck: "large" | "every";
  /** Days the raw batch objects are kept (the project's retention, or a bucket lifecycle rule). */
  rawBatchDays: number;
}

export interface CostLine {
  name: string;
  requests: number;
  usd: number;
}

export interface Estimate {
  choices: Choices;
  lines: CostLine[];
  totalUsd: number;
  perMillionUsd: number;
}

/** Lambda gives a function one full vCPU at 1,769 MB and a share below: CPU-bound time stretches by 1769/MB. */
const FULL_VCPU_MB = 1769;
/** The fields of a queue message beside its batch (project, key, time). */
const POINTER_BYTES = 256;
/** The START, END and REPORT lines Lambda writes for every invocation. */
const PLATFORM_LOG_BYTES = 320;

/** Linear interpolation (and extrapolation from the nearest two) of a measured quantity over batch sizes. */
function along(batches: readonly MeasuredBatch[], events: number, pick: (b: MeasuredBatch) => number): number {
  const sorted = [...batches].sort((a, b) => a.events - b.events);
  if (sorted.length === 1) return (pick(sorted[0]!) * events) / sorted[0]!.events;
  let i = sorted.findIndex((b) => b.events >= events);
  if (i <= 0) i = i === 0 ? 1 : sorted.length - 1;
  const lo = sorted[i - 1]!;
  const hi = sorted[i]!;
  const t = (events - lo.events) / (hi.events - lo.events);
  return Math.max(0, pick(lo) + t * (pick(hi) - pick(lo)));
}

/** Calls of the given operations per batch (SQS bills a SendMessageBatch like one SendMessage, per 64 KB of payload). */
const callsOf = (
  batches: readonly MeasuredBatch[],
  events: number,
  pick: (b: MeasuredBatch) => Calls,
  ...operations: string[]
) => along(batches, events, (b) => operations.reduce((sum, op) => sum + (pick(b)[op] ?? 0), 0));
const SENDS = ["sqs:SendMessage", "sqs:SendMessageBatch"];

/** Measured time at the measuring machine's full core, stretched for the CPU share of `memoryMb`. */
const stretched = (ms: number, memoryMb: number) => ms * Math.max(1, FULL_VCPU_MB / memoryMb);
/** Lambda bills each invocation's duration rounded up to the millisecond, times its memory. */
const gbSeconds = (invocations: number, ms: number, memoryMb: number) =>
  invocations * (Math.ceil(ms) / 1000) * (memoryMb / 1024);

/** The variable cost of `choices.events` events, line by line. */
export function estimate(measured: Measured, prices: Prices, choices: Choices): Estimate {
  const { batches: points } = measured;
  const batches = Math.ceil(choices.events / choices.batchSize);
  const requestBytes = along(points, choices.batchSize, (b) => b.requestBytes);
  const blobBytes = along(points, choices.batchSize, (b) => b.blobBytes);
  const deliveries = Math.ceil(batches / choices.workerBatchSize);
  // The pointer's own fields are a few hundred bytes; a carried batch adds itself.
  const inline = choices.claimCheck === "large" && blobBytes + POINTER_BYTES <= measured.settings.inlineBatchBytes;

  const acceptMs = stretched(
    along(points, choices.batchSize, (b) => b.accept.ms),
    choices.acceptMemoryMb,
  );
  const workerMs = stretched(
    along(points, choices.batchSize, (b) => b.worker.fixedMs) +
      choices.workerBatchSize * along(points, choices.batchSize, (b) => b.worker.perMessageMs),
    choices.workerMemoryMb,
  );
  const messageUnits = Math.ceil((inline ? blobBytes + POINTER_BYTES : POINTER_BYTES) / prices.sqs.unitBytes);
  const sends = batches * callsOf(points, choices.batchSize, (b) => b.accept.calls, ...SENDS) * messageUnits;
  // One object per batch that does not ride along: the accept function writes it, the worker reads it.
  const puts = inline ? 0 : batches;
  const gets = inline ? 0 : batches;
  // The event source mapping receives a delivery and deletes what succeeded: two calls per delivery.
  const pollerCalls = deliveries * 2;
  const workerSends = batches * callsOf(points, choices.batchSize, (b) => b.worker.callsPerMessage, ...SENDS);
  const logBytes =
    batches * (along(points, choices.batchSize, (b) => b.accept.logBytes) + PLATFORM_LOG_BYTES) +
    deliveries * (along(points, choices.batchSize, (b) => b.worker.logBytesPerDelivery) + PLATFORM_LOG_BYTES);
  const lambda = prices.lambda;

  const lines: CostLine[] = [
    { name: "API Gateway HTTP API", requests: batches * Math.ceil(requestBytes / prices.apiGateway.unitBytes), usd: 0 },
    { name: "Lambda accept: requests", requests: batches, usd: 0 },
    {
      name: "Lambda accept: duration",
      requests: 0,
      usd: gbSeconds(batches, acceptMs, choices.acceptMemoryMb) * lambda.armGbSecond,
    },
    { name: "S3 PUT (batch objects)", requests: puts, usd: (puts / 1000) * prices.s3.putPerThousand },
    { name: "SQS send", requests: sends, usd: 0 },
    { name: "SQS receive + delete (event source)", requests: pollerCalls, usd: 0 },
    { name: "Lambda worker: requests", requests: deliveries, usd: 0 },
    {
      name: "Lambda worker: duration",
      requests: 0,
      usd: gbSeconds(deliveries, workerMs, choices.workerMemoryMb) * lambda.armGbSecond,
    },
    { name: "S3 GET (batch objects)", requests: gets, usd: (gets / 1000) * prices.s3.getPerThousand },
    { name: "SQS send from the worker (evaluations)", requests: workerSends, usd: 0 },
    {
      name: `S3 storage (raw batches, ${choices.rawBatchDays} days)`,
      requests: 0,
      usd: inline ? 0 : ((batches * blobBytes) / 1e9) * prices.s3.storageGbMonth * (choices.rawBatchDays / 30),
    },
    { name: "CloudWatch Logs ingestion", requests: 0, usd: (logBytes / 1e9) * prices.logs.ingestPerGb },
  ];
  for (const line of lines) {
    if (line.usd !== 0 || line.requests === 0) continue;
    const perMillion = line.name.startsWith("API Gateway")
      ? prices.apiGateway.httpPerMillion
      : line.name.startsWith("Lambda")
        ? lambda.requestPerMillion
        : prices.sqs.perMillion;
    line.usd = (line.requests / 1e6) * perMillion;
  }
  const totalUsd = lines.reduce((sum, l) => sum + l.usd, 0);
  return { choices, lines, totalUsd, perMillionUsd: (totalUsd / choices.events) * 1e6 };
}

/** One design choice varied at a time from `base`: what each costs per million events. */
export function sensitivity(
  measured: Measured,
  prices: Prices,
  base: Choices,
): { choice: string; value: string; perMillionUsd: number }[] {
  const variants: [string, string, Partial<Choices>][] = [
    ...[10, 15, 50, 100, 200].map((n): [string, string, Partial<Choices>] => [
      "events per request",
      String(n),
      { batchSize: n },
    ]),
    ...(["large", "every"] as const).map((c): [string, string, Partial<Choices>] => [
      "batches stored in S3",
      c === "large" ? "over the message limit (ships)" : "every batch",
      { claimCheck: c },
    ]),
    ...[1, 10].map((n): [string, string, Partial<Choices>] => [
      "messages per worker delivery",
      String(n),
      { workerBatchSize: n },
    ]),
    ...[512, 1024, 1769].map((n): [string, string, Partial<Choices>] => [
      "accept memory (MB)",
      String(n),
      { acceptMemoryMb: n },
    ]),
    ...[512, 1024, 1769].map((n): [string, string, Partial<Choices>] => [
      "worker memory (MB)",
      String(n),
      { workerMemoryMb: n },
    ]),
    ...[0, 30].map((n): [string, string, Partial<Choices>] => [
      "raw batches kept (days)",
      String(n),
      { rawBatchDays: n },
    ]),
  ];
  return variants.flatMap(([choice, value, over]) => {
    try {
      return [{ choice, value, perMillionUsd: estimate(measured, prices, { ...base, ...over }).perMillionUsd }];
    } catch {
      return [];
    }
  });
}
