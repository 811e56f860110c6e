/** Syntax tree of the regular-expression subset that `matches` accepts. Characters are UTF-16 code units. */
export type RegexNode =
  | { t: "empty" }
  | { t: "char"; c: number }
  | { t: "any" }
  | { t: "class"; ranges: number[]; negated: boolean }
  | { t: "assert"; k: "bol" | "eol" | "wordb" | "nwordb" }
  | { t: "seq"; items: RegexNode[] }
  | { t: "alt"; alts: RegexNode[] }
  | { t: "repeat"; body: RegexNode; min: number; max: number };

/** A pattern `matches` cannot accept; the caller adds where in the expression it came from. */
export class RegexSyntaxError extends Error {
  constructor(
    reason: string,
    readonly index: number | null,
  ) {
    super(reason);
    this.name = "RegexSyntaxError";
  }
}

/** Flat [lo, hi, lo, hi, …] inclusive ranges. */
export const DIGIT = [0x30, 0x39];
export const WORD = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
// JavaScript's \s: WhiteSpace plus LineTerminator.
export const SPACE = [
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
];
export const LINE_TERMINATORS = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];

/** The ranges of every code unit not in `ranges` (which must be sorted and disjoint). */
export function complement(ranges: number[]): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1);
    next = ranges[i + 1]! + 1;
  }
  if (next <= 0xffff) out.push(next, 0xffff);
  return out;
}

/** Sorts and merges overlapping or adjacent ranges. */
export function normalizeRanges(ranges: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Binary search, since a class may list thousands of ranges and runs once per live state per character. */
export function inRanges(ranges: ArrayLike<number>, c: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < ranges[2 * mid]!) hi = mid - 1;
    else if (c > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

export const isWordChar = (c: number) => inRanges(WORD, c);
