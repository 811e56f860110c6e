import * as Scores from "@core/scores";
import { describe, expect, it } from "vitest";

// How a score fits the project's score configs (docs/scores.md, "Score configs" and "The shape of a score").

type Config = Scores.ScoreConfigView;
const config = (over: Partial<Config> & Pick<Config, "id" | "name" | "dataType">): Config => ({
  min: null,
  max: null,
  categories: [],
  description: null,
  archived: false,
  createdAt: "2026-11-27T00:00:00.000Z",
  updatedAt: "2026-11-27T00:00:00.000Z",
  ...over,
});

const accuracy = config({ id: "c-acc", name: "accuracy", dataType: "NUMERIC", min: 0, max: 1 });
const latency = config({ id: "c-lat", name: "latency", dataType: "NUMERIC" });
const verdict = config({ id: "c-ver", name: "verdict", dataType: "CATEGORICAL", categories: ["correct", "incorrect"] });
const helpful = config({ id: "c-hel", name: "helpful", dataType: "BOOLEAN" });
const oldTone = config({ id: "c-tone", name: "tone", dataType: "NUMERIC", archived: true });
const CONFIGS = [accuracy, latency, verdict, helpful, oldTone];

const fits = (dataType: string, configId: string | null) => ({ ok: true, dataType, configId });
const misfit = (error: string) => ({ ok: false, error });
const prefix = (name: string) => `Score '${name}' does not fit its config`;

describe("fitScore without a config of the name", () => {
  it.each([
    ["a number is NUMERIC", { name: "free", value: 0.5 }, fits("NUMERIC", null)],
    ["a boolean is BOOLEAN", { name: "free", value: true }, fits("BOOLEAN", null)],
    ["a string value is CATEGORICAL", { name: "free", value: "good" }, fits("CATEGORICAL", null)],
    ["a label alone is CATEGORICAL", { name: "free", stringValue: "good" }, fits("CATEGORICAL", null)],
    [
      "a stated type wins over the value",
      { name: "free", value: 1, dataType: "BOOLEAN" as const },
      fits("BOOLEAN", null),
    ],
  ])("%s", (_, score, expected) => {
    expect(Scores.fitScore(CONFIGS, score)).toEqual(expected);
  });

  it("fits every score when the project has no configs", () => {
    expect(Scores.fitScore([], { name: "accuracy", value: 7 })).toEqual(fits("NUMERIC", null));
  });
});

describe("fitScore against a NUMERIC range", () => {
  it.each([
    ["the minimum itself fits (inclusive)", 0, fits("NUMERIC", "c-acc")],
    ["the maximum itself fits (inclusive)", 1, fits("NUMERIC", "c-acc")],
    ["a value inside fits", 0.5, fits("NUMERIC", "c-acc")],
    ["a value below the minimum", -0.1, misfit(`${prefix("accuracy")}: value -0.1 is below the minimum 0`)],
    ["a value above the maximum", 1.5, misfit(`${prefix("accuracy")}: value 1.5 is above the maximum 1`)],
  ])("%s", (_, value, expected) => {
    expect(Scores.fitScore(CONFIGS, { name: "accuracy", value })).toEqual(expected);
  });

  it("leaves a range without bounds open on both sides", () => {
    expect(Scores.fitScore(CONFIGS, { name: "latency", value: -1e9 })).toEqual(fits("NUMERIC", "c-lat"));
  });

  it("takes the config's type when the score states none, so a string value is refused", () => {
    expect(Scores.fitScore(CONFIGS, { name: "accuracy", value: "high" })).toEqual(
      misfit(`${prefix("accuracy")}: a NUMERIC score needs a numeric value`),
    );
  });
});

describe("fitScore against CATEGORICAL labels", () => {
  it.each([
    ["a listed label as stringValue fits", { name: "verdict", stringValue: "correct" }, fits("CATEGORICAL", "c-ver")],
    ["a listed label as a string value fits", { name: "verdict", value: "incorrect" }, fits("CATEGORICAL", "c-ver")],
    [
      "an unlisted label",
      { name: "verdict", stringValue: "maybe" },
      misfit(`${prefix("verdict")}: label 'maybe' is not one of 'correct', 'incorrect'`),
    ],
    [
      "no label at all",
      { name: "verdict", dataType: "CATEGORICAL" as const, value: null },
      misfit(`${prefix("verdict")}: a CATEGORICAL score needs a label (stringValue)`),
    ],
  ])("%s", (_, score, expected) => {
    expect(Scores.fitScore(CONFIGS, score)).toEqual(expected);
  });
});

describe("fitScore against BOOLEAN", () => {
  it.each([0, 1, true, false])("takes %s", (value) => {
    expect(Scores.fitScore(CONFIGS, { name: "helpful", value })).toEqual(fits("BOOLEAN", "c-hel"));
  });

  it("refuses any other number", () => {
    expect(Scores.fitScore(CONFIGS, { name: "helpful", value: 2 })).toEqual(
      misfit(`${prefix("helpful")}: a BOOLEAN score takes 0, 1, true or false`),
    );
  });
});

describe("fitScore: type mismatch", () => {
  it("refuses a stated type other than the config's", () => {
    expect(Scores.fitScore(CONFIGS, { name: "accuracy", stringValue: "a", dataType: "CATEGORICAL" })).toEqual(
      misfit(`${prefix("accuracy")}: it is NUMERIC, not CATEGORICAL`),
    );
  });

  it("refuses a boolean value under a NUMERIC config, read as BOOLEAN", () => {
    expect(Scores.fitScore(CONFIGS, { name: "accuracy", value: true, dataType: "BOOLEAN" })).toEqual(
      misfit(`${prefix("accuracy")}: it is NUMERIC, not BOOLEAN`),
    );
  });
});

describe("fitScore: the governing config", () => {
  it("ignores an archived config of the name when no configId cites it", () => {
    expect(Scores.fitScore(CONFIGS, { name: "tone", value: "warm" })).toEqual(fits("CATEGORICAL", null));
  });

  it("refuses a configId citing an archived config", () => {
    expect(Scores.fitScore(CONFIGS, { name: "tone", value: 1, configId: "c-tone" })).toEqual(
      misfit("Score config 'tone' is archived"),
    );
  });

  it("refuses a configId naming no config of the project", () => {
    expect(Scores.fitScore(CONFIGS, { name: "accuracy", value: 1, configId: "c-none" })).toEqual(
      misfit("configId 'c-none' names no score config of this project"),
    );
  });

  it("refuses a configId of another name's config", () => {
    expect(Scores.fitScore(CONFIGS, { name: "quality", value: 1, configId: "c-acc" })).toEqual(
      misfit("Score 'quality' cites the config of 'accuracy'"),
    );
  });

  it("checks a score against the config its configId names", () => {
    expect(Scores.fitScore(CONFIGS, { name: "accuracy", value: 2, configId: "c-acc" })).toEqual(
      misfit(`${prefix("accuracy")}: value 2 is above the maximum 1`),
    );
  });

  it("prefers the active config when an archived one shares its name", () => {
    const archived = config({ id: "c-old", name: "accuracy", dataType: "CATEGORICAL", archived: true });
    expect(Scores.fitScore([archived, accuracy], { name: "accuracy", value: 0.2 })).toEqual(fits("NUMERIC", "c-acc"));
  });
});
