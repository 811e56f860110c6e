import { parseEnv } from "@functions/_runtime/env";
import { describe, expect, it } from "vitest";

const limitsOf = (value: string | undefined) => parseEnv({ SIGHTLINE_RATE_LIMITS: value }).SIGHTLINE_RATE_LIMITS;

describe("SIGHTLINE_RATE_LIMITS", () => {
  it("defaults to ingest 100/s (burst 200) per project, 50/s (burst 100) per key and share links 5/s (burst 20) per address", () => {
    expect(limitsOf(undefined)).toEqual({
      ingest: { rate: 100, burst: 200 },
      api: { rate: 50, burst: 100 },
      shared: { rate: 5, burst: 20 },
    });
    expect(limitsOf("")).toEqual({
      ingest: { rate: 100, burst: 200 },
      api: { rate: 50, burst: 100 },
      shared: { rate: 5, burst: 20 },
    });
  });

  it("turns limiting off with `off`", () => {
    expect(limitsOf("off")).toBeNull();
    expect(limitsOf(" OFF ")).toBeNull();
  });

  it("reads rate/burst per class, and keeps the default of a class it does not name", () => {
    expect(limitsOf("ingest=500/1000,api=20/40")).toEqual({
      ingest: { rate: 500, burst: 1000 },
      api: { rate: 20, burst: 40 },
      shared: { rate: 5, burst: 20 },
    });
    expect(limitsOf(" api = 5 / 10 ")).toEqual({
      ingest: { rate: 100, burst: 200 },
      api: { rate: 5, burst: 10 },
      shared: { rate: 5, burst: 20 },
    });
    expect(limitsOf("shared=1/2")).toEqual({
      ingest: { rate: 100, burst: 200 },
      api: { rate: 50, burst: 100 },
      shared: { rate: 1, burst: 2 },
    });
  });

  it.each([
    ["ingest=100", "no burst"],
    ["ingest=100/200,api", "a part without limits"],
    ["reads=10/20", "an unknown class"],
    ["ingest=0/10", "a zero rate"],
    ["ingest=10/5", "a burst below the rate"],
    ["ingest=1/61", "a burst over a minute's worth"],
    ["ingest=1.5/3", "a fraction"],
    ["ingest=10/20,ingest=5/10", "a class twice"],
    ["on", "a word other than off"],
  ])("stops start-up on %j (%s), naming the variable and the expected form", (value) => {
    expect(() => limitsOf(value)).toThrowError(
      /^Invalid configuration: SIGHTLINE_RATE_LIMITS: expected "off" or "ingest=<rate>\/<burst>,api=<rate>\/<burst>,shared=<rate>\/<burst>"/,
    );
    expect(() => limitsOf(value)).toThrowError(`got "${value}"`);
  });
});
