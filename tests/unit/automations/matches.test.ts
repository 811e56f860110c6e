import { matches } from "@core/automations/matches";
import type { EventEnvelope } from "@core/platform/ports";
import { describe, expect, it } from "vitest";

const score = (data: Record<string, unknown>): EventEnvelope => ({
  id: "e",
  type: "score.created",
  projectId: "p",
  timestamp: "2026-11-25T00:00:00Z",
  data,
});
const rule = (filter: unknown[] | null, threshold: number | null = null) => ({
  trigger: "score.created",
  filter,
  threshold,
  enabled: true,
});

describe("automation filter and threshold", () => {
  it("takes a score only below the threshold, never a label", () => {
    expect(matches(rule(null, 0.5), score({ value: 0.4 }))).toBe(true);
    expect(matches(rule(null, 0.5), score({ value: 0.5 }))).toBe(false);
    expect(matches(rule(null, 0.5), score({ value: null, stringValue: "bad" }))).toBe(false);
  });

  it("needs every condition, on nested fields and list members", () => {
    const filter = [
      { column: "name", operator: "in", value: ["a", "b"] },
      { column: "metadata.team", operator: "=", value: "search" },
      { column: "tags", operator: "=", value: "prod" },
    ];
    expect(matches(rule(filter), score({ name: "b", metadata: { team: "search" }, tags: ["prod", "x"] }))).toBe(true);
    expect(matches(rule(filter), score({ name: "b", metadata: { team: "ads" }, tags: ["prod"] }))).toBe(false);
    expect(matches(rule(filter), score({ name: "b", metadata: { team: "search" }, tags: ["dev"] }))).toBe(false);
  });

  it("compares numbers as numbers and text with contains", () => {
    expect(matches(rule([{ column: "value", operator: ">=", value: 2 }]), score({ value: 10 }))).toBe(true);
    expect(
      matches(rule([{ column: "comment", operator: "contains", value: "rude" }]), score({ comment: "a rude answer" })),
    ).toBe(true);
    expect(matches(rule([{ column: "missing", operator: "!=", value: "x" }]), score({}))).toBe(true);
    expect(matches(rule([{ column: "missing", operator: "=", value: "x" }]), score({}))).toBe(false);
  });

  it("ignores other triggers and disabled automations", () => {
    expect(matches({ ...rule(null), trigger: "trace.created" }, score({}))).toBe(false);
    expect(matches({ ...rule(null), enabled: false }, score({}))).toBe(false);
  });
});
