import type { EventEnvelope } from "../platform/ports";
import type { Condition } from "../reads";
import type { AutomationRow } from "./manage-automations";

/** `a.b` reads `data.a.b`; an absent field is undefined, which only `!=` holds for. */
function fieldOf(data: Record<string, unknown>, column: string): unknown {
  let value: unknown = data;
  for (const part of column.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

type Scalar = string | number | boolean;
const equal = (a: unknown, b: Scalar) => (typeof a === "number" && typeof b === "string" ? a === Number(b) : a === b);

function holds(value: unknown, c: Condition): boolean {
  const wanted = c.value;
  // Lists (tags, labels) hold a condition when one of their members does.
  if (Array.isArray(value) && c.operator !== "!=") return value.some((v) => holds(v, c));
  switch (c.operator) {
    case "=":
      return !Array.isArray(wanted) && equal(value, wanted);
    case "!=":
      return Array.isArray(value)
        ? !Array.isArray(wanted) && !value.some((v) => equal(v, wanted))
        : !Array.isArray(wanted) && !equal(value, wanted);
    case "in":
      return (Array.isArray(wanted) ? wanted : [wanted]).some((w) => equal(value, w));
    case "contains":
      return typeof value === "string" && typeof wanted === "string" && value.includes(wanted);
    default: {
      if (Array.isArray(wanted) || value === undefined || value === null) return false;
      const [a, b] = typeof value === "number" ? [value, Number(wanted)] : [String(value), String(wanted)];
      if (c.operator === ">") return a > b;
      if (c.operator === ">=") return a >= b;
      if (c.operator === "<") return a < b;
      return a <= b;
    }
  }
}

/**
 * Whether an automation takes an event (docs/automations.md, "Filter and threshold"): its trigger, every
 * filter condition on the event's data, and for `score.created` a numeric value below the threshold.
 */
export function matches(
  automation: Pick<AutomationRow, "trigger" | "filter" | "threshold" | "enabled">,
  event: Pick<EventEnvelope, "type" | "data">,
): boolean {
  if (!automation.enabled || automation.trigger !== event.type) return false;
  if (automation.threshold !== null) {
    const value = event.data.value;
    if (typeof value !== "number" || !(value < automation.threshold)) return false;
  }
  const filter = (automation.filter as Condition[] | null) ?? [];
  return filter.every((c) => holds(fieldOf(event.data, c.column), c));
}
