/** One detector: a global regex proposes candidates, `redact` decides what replaces each. */
export interface MaskRule {
  name: string;
  regex: RegExp;
  /** A cheap precondition that lets most strings skip the regex altogether. */
  mayMatch?: (text: string, digits: number) => boolean;
  /** The replacement for a candidate; returning the candidate unchanged leaves it alone. */
  redact: (candidate: string, groups: Record<string, string | undefined> | undefined) => string;
}

export const token = (name: string) => `[REDACTED:${name}]`;

/** Replaces every accepted candidate of each rule, in order, in one pass per rule. */
export function applyRules(text: string, rules: readonly MaskRule[]): string {
  // Counted once per pass: a custom replacement that adds digits is seen by the next pass.
  const digits = countDigits(text);
  let out = text;
  for (const rule of rules) {
    if (rule.mayMatch && !rule.mayMatch(out, digits)) continue;
    out = out.replace(rule.regex, (candidate: string, ...rest: unknown[]) => {
      // Zero-length matches (a custom `x*`) would insert a token between every character.
      if (candidate.length === 0) return candidate;
      const last = rest[rest.length - 1];
      const groups =
        typeof last === "object" && last !== null ? (last as Record<string, string | undefined>) : undefined;
      return rule.redact(candidate, groups);
    });
  }
  return out;
}

function countDigits(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}
