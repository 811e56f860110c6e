import { compare } from "@core/scores/score-analytics";
import * as Stats from "@core/scores/score-stats";
import { describe, expect, it } from "vitest";

describe("score statistics (hand-computed)", () => {
  it("mean, median and sample standard deviation", () => {
    expect(Stats.mean([2, 4, 4, 4, 5, 5, 7, 9])).toBe(5);
    expect(Stats.median([2, 4, 4, 4, 5, 5, 7, 9])).toBe(4.5);
    expect(Stats.median([3, 1, 2])).toBe(2);
    // Σ(x−5)² = 9+1+1+1+0+0+4+16 = 32; 32 / 7.
    expect(Stats.stdDev([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 14);
    expect(Stats.stdDev([42])).toBe(0);
    expect([Stats.mean([]), Stats.median([]), Stats.stdDev([])]).toEqual([null, null, null]);
  });

  it("a 10-bucket histogram over [min, max] with the maximum in the last bucket", () => {
    const h = Stats.histogram([0, 0.05, 0.1, 0.55, 1]);

    expect(h).toHaveLength(10);
    expect(h.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(h[0]).toEqual({ lower: 0, upper: 0.1, count: 2 });
    expect(h[9]!.upper).toBe(1);
    expect(Stats.histogram([3, 3]).map((b) => b.count)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Stats.histogram([])).toEqual([]);
  });

  it("Pearson, MAE and RMSE", () => {
    // x = 1,2,3 and y = 1,3,2: Σdxdy = 1, Σdx² = Σdy² = 2 → r = 0.5; |errors| 0,1,1.
    expect(Stats.pearson([1, 2, 3], [1, 3, 2])).toBeCloseTo(0.5, 14);
    expect(Stats.pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 14);
    expect(Stats.pearson([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(Stats.mae([1, 2, 3], [1, 3, 2])).toBeCloseTo(2 / 3, 14);
    expect(Stats.rmse([1, 2, 3], [1, 3, 2])).toBeCloseTo(Math.sqrt(2 / 3), 14);
    expect(Stats.rmse([0, 0], [3, 4])).toBeCloseTo(Math.sqrt(12.5), 14);
  });

  it("agreement and Cohen's kappa", () => {
    const a = ["yes", "yes", "no", "no", "yes", "no", "yes", "yes", "yes", "no"];
    const b = ["yes", "no", "no", "no", "yes", "yes", "yes", "yes", "no", "no"];
    // po = 7/10; pa(yes) = .6, pb(yes) = .5 → pe = .3 + .2 = .5; κ = .2/.5.
    expect(Stats.agreement(a, b)).toBeCloseTo(0.7, 14);
    expect(Stats.cohensKappa(a, b)).toBeCloseTo(0.4, 14);
    expect(Stats.cohensKappa(["x", "x"], ["x", "x"])).toBe(1);
    expect(Stats.cohensKappa([], [])).toBeNull();
  });

  it("per-label precision, recall and F1 against the first score as reference", () => {
    const f1 = Stats.perLabelF1(["cat", "cat", "dog", "dog", "bird"], ["cat", "dog", "dog", "dog", "cat"]);

    expect(f1).toEqual([
      { label: "bird", precision: null, recall: 0, f1: null, support: 1 },
      { label: "cat", precision: 0.5, recall: 0.5, f1: 0.5, support: 2 },
      { label: "dog", precision: 2 / 3, recall: 1, f1: 0.8, support: 2 },
    ]);
  });

  it("confusion matrices, numeric values bucketed first", () => {
    expect(Stats.confusionMatrix(["a", "b", "a"], ["a", "a", "b"])).toEqual({
      rows: ["a", "b"],
      columns: ["a", "b"],
      counts: [
        [1, 1],
        [1, 0],
      ],
    });
    const buckets = Stats.bucketLabels([0, 0.5, 1], 0, 1);
    expect(buckets.labels).toEqual(["[0, 0.1)", "[0.5, 0.6)", "[0.9, 1]"]);
    expect(buckets.order).toHaveLength(10);
  });

  it("compare() picks the statistics by the kinds of the two scores and flags a sample", () => {
    const numeric = compare(
      [
        { av: 1, al: null, adt: "NUMERIC", bv: 1, bl: null, bdt: "NUMERIC" },
        { av: 2, al: null, adt: "NUMERIC", bv: 3, bl: null, bdt: "NUMERIC" },
      ],
      30_000,
    );
    const labels = compare([{ av: null, al: "a", adt: "CATEGORICAL", bv: null, bl: "a", bdt: "CATEGORICAL" }], 1);
    const mixed = compare([{ av: 0.5, al: null, adt: "NUMERIC", bv: null, bl: "a", bdt: "CATEGORICAL" }], 1);

    expect(numeric).toMatchObject({
      kind: "numeric",
      sampled: true,
      pairCount: 30_000,
      sampleSize: 2,
      mae: 0.5,
      agreement: null,
    });
    expect(labels).toMatchObject({ kind: "categorical", agreement: 1, cohensKappa: 1, pearson: null });
    expect(mixed).toMatchObject({
      kind: "mixed",
      pearson: null,
      agreement: null,
      confusion: { columns: ["a"], counts: [[1]] },
    });
  });
});
