import { createHash } from "node:crypto";
import type { Sampling } from "./settings";

/**
 * Head sampling: a hash of the trace id, so every event of a trace, in any batch,
 * on any instance, gets the same fate without coordination.
 */
export function headKeeps(traceId: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  const h = createHash("sha1").update(traceId).digest().readUInt32BE(0);
  return h / 0x1_0000_0000 < rate;
}

/** True when the policy may drop anything at all. */
export const samples = (s: Sampling) => s.headRate < 1;

/** A tail rule needs the trace's content, so with one the worker decides instead of the API. */
export const hasTailRule = (s: Sampling) => Boolean(s.tail && (s.tail.keepErrors || s.tail.minCostUsd != null));
