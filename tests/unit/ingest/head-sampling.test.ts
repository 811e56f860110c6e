import { createHash, randomUUID } from "node:crypto";
import { headKeeper, headKeeps } from "@core/ingest/sampling";
import { describe, expect, it } from "vitest";

// A trace's head-sampling fate must never change between versions: events of one trace arrive in many batches, on
// many instances, across deploys (docs/ingest.md, "Decisions"). The definition: the first 32 bits of the trace
// id's SHA-1, big-endian, as a fraction of 2^32, below the rate.
const definition = (traceId: string, rate: number) =>
  createHash("sha1").update(traceId).digest().readUInt32BE(0) / 0x1_0000_0000 < rate;

const RATES = [0, 0.001, 0.1, 0.5, 0.9, 0.999999, 1];

describe("head sampling", () => {
  it("keeps a trace exactly when the definition does, at every rate", () => {
    const ids = [...Array.from({ length: 2_000 }, () => randomUUID()), "", "é", "trace-1", "x".repeat(300)];
    for (const rate of RATES)
      for (const id of ids) expect(headKeeps(id, rate), `${id} at ${rate}`).toBe(definition(id, rate));
  });

  it("gives known trace ids the fates they have always had", () => {
    // SHA-1 of trace-1 starts 0x6640…, trace-4 0xc312…, trace-8 0x148a…: kept at 0.5 when below 0x8000….
    const ids = ["trace-1", "trace-4", "trace-8"];
    expect(ids.map((id) => headKeeps(id, 0.5))).toEqual([true, false, true]);
    // 0x148af1fe / 2^32 = 0.0803…: kept at 0.081, dropped at 0.08.
    expect([headKeeps("trace-8", 0.081), headKeeps("trace-8", 0.08)]).toEqual([true, false]);
  });

  it("answers as headKeeps for every id it has seen or not", () => {
    const ids = Array.from({ length: 200 }, () => randomUUID());
    const kept = headKeeper(0.5);
    for (const id of [...ids, ...ids.slice(0, 50)]) expect(kept(id)).toBe(headKeeps(id, 0.5));
  });
});
