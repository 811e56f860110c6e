import * as crypto from "node:crypto";
import type { Sampling } from "./settings";

// The same SHA-1 digest either way; the one-shot `crypto.hash` (Node 20.12 and later) takes about a third of the
// time of a `createHash` object for a trace id, and its hex answer is the quickest to read back.
const sha1Hex: (text: string) => string =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha1", text)
    : (text) => crypto.createHash("sha1").update(text).digest("hex");

/**
 * Head sampling: a hash of the trace id (the first 32 bits of its SHA-1, against the rate), so every event of a
 * trace, in any batch, on any instance, gets the same fate without coordination.
 */
export function headKeeps(traceId: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  return Number.parseInt(sha1Hex(traceId).slice(0, 8), 16) / 0x1_0000_0000 < rate;
}

/** `headKeeps` at one rate, each trace id hashed once: a batch names the same few traces in most of its events. */
export function headKeeper(rate: number): (traceId: string) => boolean {
  const fates = new Map<string, boolean>();
  return (traceId) => {
    let kept = fates.get(traceId);
    if (kept === undefined) {
      kept = headKeeps(traceId, rate);
      fates.set(traceId, kept);
    }
    return kept;
  };
}

/** True when the policy may drop anything at all. */
export const samples = (s: Sampling) => s.headRate < 1;

/** A tail rule needs the trace's content, so with one the worker decides instead of the API. */
export const hasTailRule = (s: Sampling) => Boolean(s.tail && (s.tail.keepErrors || s.tail.minCostUsd != null));
