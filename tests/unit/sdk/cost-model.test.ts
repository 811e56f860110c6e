import { describe, expect, it } from "vitest";
import { type Choices, estimate, type Measured, type Prices, sensitivity } from "../../../sdk/cli/cost-model";

// The cost model's arithmetic (docs/cost.md), on round inputs whose answers can be worked out by hand.
const prices: Prices = {
  region: "test-1",
  asOf: "2026-11-27",
  sources: [],
  apiGateway: { httpPerMillion: 1, unitBytes: 524_288 },
  lambda: { requestPerMillion: 0.2, armGbSecond: 0.00001 },
  sqs: { perMillion: 0.4, unitBytes: 65_536, maxMessageBytes: 1_048_576 },
  s3: { putPerThousand: 0.005, getPerThousand: 0.0004, storageGbMonth: 0.02 },
  logs: { ingestPerGb: 0.5 },
};
const batch = (events: number, blobBytes: number) => ({
  events,
  requestBytes: blobBytes,
  blobBytes,
  accept: { ms: 10, calls: { "sqs:SendMessageBatch": 1 }, logBytes: 0 },
  worker: { fixedMs: 100, perMessageMs: 10, callsPerMessage: {}, logBytesPerDelivery: 0 },
});
const measured: Measured = {
  measuredAt: "2026-11-27",
  machine: "test",
  settings: { acceptMemoryMb: 1024, workerMemoryMb: 1024, workerBatchSize: 10, inlineBatchBytes: 204_800 },
  batches: [batch(10, 10_000), batch(100, 100_000)],
};
const base: Choices = {
  events: 1_000_000,
  batchSize: 10,
  acceptMemoryMb: 1769,
  workerMemoryMb: 1769,
  workerBatchSize: 10,
  claimCheck: "large",
  rawBatchDays: 0,
};
const line = (choices: Partial<Choices>, name: string) =>
  estimate(measured, prices, { ...base, ...choices }).lines.find((l) => l.name.startsWith(name))!;

describe("the cost model", () => {
  it("charges API Gateway and Lambda once per ingest request", () => {
    expect(line({}, "API Gateway")).toEqual({ name: "API Gateway HTTP API", requests: 100_000, usd: 0.1 });
    expect(line({}, "Lambda accept: requests").usd).toBeCloseTo(0.02, 10);
  });

  it("bills Lambda duration per rounded millisecond times memory", () => {
    // 100,000 requests × 10 ms × 1769/1024 GB × $0.00001.
    expect(line({}, "Lambda accept: duration").usd).toBeCloseTo(100_000 * 0.01 * (1769 / 1024) * 0.00001, 10);
  });

  it("stretches CPU-bound time below a full vCPU, so less memory saves no GB-seconds", () => {
    const full = line({}, "Lambda accept: duration").usd;
    // Equal but for the rounding up of each invocation to the millisecond (34.55 ms billed as 35).
    expect(line({ acceptMemoryMb: 512 }, "Lambda accept: duration").usd / full).toBeCloseTo(1, 1);
  });

  it("stores no object for a batch that rides in its message, and one PUT and GET for each when every batch is stored", () => {
    expect(line({}, "S3 PUT").requests).toBe(0);
    expect(line({ claimCheck: "every" }, "S3 PUT")).toEqual({
      name: "S3 PUT (batch objects)",
      requests: 100_000,
      usd: 0.5,
    });
    expect(line({ claimCheck: "every" }, "S3 GET").requests).toBe(100_000);
  });

  it("stores a batch as an object when it does not fit the message, and meters its message by 64 KB", () => {
    // 300 events interpolate to 300,000 bytes, over the 200 KB inline limit.
    expect(line({ batchSize: 300 }, "S3 PUT").requests).toBe(3_334);
    expect(line({ batchSize: 100 }, "SQS send").requests).toBe(10_000 * 2);
  });

  it("divides worker deliveries by the messages each takes, with two event-source calls each", () => {
    expect(line({ workerBatchSize: 1 }, "Lambda worker: requests").requests).toBe(100_000);
    expect(line({}, "SQS receive + delete").requests).toBe(20_000);
  });

  it("answers per million events, and varies one choice at a time", () => {
    const result = estimate(measured, prices, base);
    expect(result.perMillionUsd).toBeCloseTo(result.totalUsd, 10);
    const byBatch = sensitivity(measured, prices, base).filter((v) => v.choice === "events per request");
    expect(byBatch.map((v) => v.value)).toEqual(["10", "15", "50", "100", "200"]);
    expect(byBatch[0]!.perMillionUsd).toBeGreaterThan(byBatch[4]!.perMillionUsd);
  });
});
