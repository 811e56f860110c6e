import { BUILTIN_RULES } from "./builtin-rules";
import { mapStrings } from "./map-strings";
import { applyRules, type MaskRule, token } from "./mask-rule";
import { BUILTIN_PII_KINDS, compileCustomPattern, type PiiPolicy } from "./pii.schema";

export interface Masker {
  /** The value with its PII masked (the value itself when it holds none, else a copy); never throws. */
  mask(value: unknown): unknown;
}

// A replacement can complete a match for an earlier rule ("a@b.com4111…" becomes "a@b.com[REDACTED…]"),
// so rules re-run until nothing changes; the cap only bites for custom rules that match their own output.
const MAX_PASSES = 4;
const UNMASKABLE = "[REDACTED]";

/** The masker for a project's policy, or null when it would change nothing. */
export function compilePiiPolicy(policy: PiiPolicy | null | undefined): Masker | null {
  if (!policy?.enabled) return null;
  const rules = [...customRules(policy.custom ?? []), ...builtinRules(policy.builtins ?? [])];
  if (rules.length === 0) return null;
  const maskString = (text: string): string => {
    try {
      let current = text;
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        const next = applyRules(current, rules);
        if (next === current) break;
        current = next;
      }
      return current;
    } catch {
      // Fail closed: a pathological custom regex may exhaust the regex stack; the value must not leak.
      return UNMASKABLE;
    }
  };
  return {
    mask(value) {
      try {
        return mapStrings(value, maskString);
      } catch {
        return UNMASKABLE;
      }
    },
  };
}

// Custom rules run first: a project's own pattern (an employee id) is more specific than a builtin (phone).
function customRules(custom: PiiPolicy["custom"]): MaskRule[] {
  return custom.flatMap((rule) => {
    const regex = typeof rule?.pattern === "string" ? compileCustomPattern(rule.pattern) : null;
    if (!regex) return [];
    const replacement = rule.replacement ?? token(rule.name);
    return [{ name: rule.name, regex, redact: () => replacement }];
  });
}

function builtinRules(kinds: readonly string[]): MaskRule[] {
  return BUILTIN_PII_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => BUILTIN_RULES[kind]);
}
