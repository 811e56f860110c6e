import { EXPRESSION_LIMITS } from "../limits";
import { complement, DIGIT, normalizeRanges, type RegexNode, RegexSyntaxError, SPACE, WORD } from "./syntax";

const CLASS_ESCAPES: Record<string, number[]> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11 };

interface Parsed {
  node: RegexNode;
  /** Whether a repetition (max > 1) occurs anywhere inside; feeds the nested-repetition rule. */
  repeats: boolean;
}

/**
 * Parses the JavaScript regex subset `matches` runs (no flags): literals and escapes, `.`, classes, `^`, `$`,
 * `\b`, `\B`, groups, alternation and greedy or lazy quantifiers. Backreferences and lookaround are refused
 * because a linear-time matcher cannot run them; nested repetition is refused (docs/expressions.md, "Regular expressions in `matches`").
 * @throws RegexSyntaxError
 */
export function parseRegex(pattern: string): RegexNode {
  let i = 0;
  let depth = 0;
  const fail = (reason: string, at = i): never => {
    throw new RegexSyntaxError(reason, at);
  };

  function alternation(): Parsed {
    const alts: RegexNode[] = [];
    let repeats = false;
    for (;;) {
      const branch = sequence();
      alts.push(branch.node);
      repeats ||= branch.repeats;
      if (pattern[i] !== "|") break;
      i++;
    }
    return { node: alts.length === 1 ? alts[0]! : { t: "alt", alts }, repeats };
  }

  function sequence(): Parsed {
    const items: RegexNode[] = [];
    let repeats = false;
    while (i < pattern.length && pattern[i] !== "|" && pattern[i] !== ")") {
      const start = i;
      const atom = parseAtom();
      const quantified = quantifier(atom, start);
      items.push(quantified.node);
      repeats ||= quantified.repeats;
    }
    return {
      node: items.length === 1 ? items[0]! : items.length === 0 ? { t: "empty" } : { t: "seq", items },
      repeats,
    };
  }

  function quantifier(atom: Parsed & { quantifiable: boolean }, start: number): Parsed {
    const c = pattern[i];
    let bounds: [number, number] | undefined;
    if (c === "*") bounds = [0, Infinity];
    else if (c === "+") bounds = [1, Infinity];
    else if (c === "?") bounds = [0, 1];
    else if (c === "{") bounds = braces();
    if (!bounds) return atom;
    if (!atom.quantifiable) fail("nothing to repeat");
    if (c !== "{") i++;
    if (pattern[i] === "?") i++; // lazy: the same language, and matches() only asks whether there is a match
    if (pattern[i] === "*" || pattern[i] === "+" || pattern[i] === "?" || (pattern[i] === "{" && lookBraces()))
      fail("nothing to repeat");
    const [min, max] = bounds;
    if (max > 1 && atom.repeats) fail("nested repetition is refused", start);
    return { node: { t: "repeat", body: atom.node, min, max }, repeats: atom.repeats || max > 1 };
  }

  function lookBraces(): boolean {
    return /^\{\d+(,\d*)?\}/.test(pattern.slice(i, i + 24));
  }

  // `{` that does not start a well-formed bound is a literal brace, as in JavaScript without the u flag.
  function braces(): [number, number] | undefined {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (!m) return undefined;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    if (max < min) fail("numbers out of order in {} quantifier");
    i += m[0].length;
    return [min, max];
  }

  function parseAtom(): Parsed & { quantifiable: boolean } {
    const c = pattern[i]!;
    const plain = (node: RegexNode) => ({ node, repeats: false, quantifiable: true });
    if (c === "(") return group();
    if (c === "{" && lookBraces()) fail("nothing to repeat");
    i++;
    switch (c) {
      case ".":
        return plain({ t: "any" });
      case "^":
        return { node: { t: "assert", k: "bol" }, repeats: false, quantifiable: false };
      case "$":
        return { node: { t: "assert", k: "eol" }, repeats: false, quantifiable: false };
      case "[":
        return plain(characterClass());
      case "\\":
        return escapeSequence();
      case "*":
      case "+":
      case "?":
        return fail("nothing to repeat", i - 1);
      default:
        return plain({ t: "char", c: c.charCodeAt(0) });
    }
  }

  function group(): Parsed & { quantifiable: boolean } {
    const open = i;
    // Parsing recurses per group; the expression's depth limit keeps a hostile pattern off the stack's edge.
    if (++depth > EXPRESSION_LIMITS.parserDepth)
      fail(`groups nest deeper than the limit of ${EXPRESSION_LIMITS.parserDepth}`);
    i++;
    if (pattern[i] === "?") {
      if (pattern.startsWith("?:", i)) i += 2;
      else if (/^\?<[A-Za-z_$][\w$]*>/.test(pattern.slice(i, i + 64))) i = pattern.indexOf(">", i) + 1;
      else if (/^\?(=|!|<=|<!)/.test(pattern.slice(i, i + 3))) fail("lookaround is not supported", open);
      else fail("invalid group", open);
    }
    const inner = alternation();
    if (pattern[i] !== ")") fail("unterminated group", open);
    i++;
    depth--;
    return { ...inner, quantifiable: true };
  }

  function escapeSequence(): Parsed & { quantifiable: boolean } {
    const c = pattern[i];
    if (c === "b" || c === "B") {
      i++;
      return { node: { t: "assert", k: c === "b" ? "wordb" : "nwordb" }, repeats: false, quantifiable: false };
    }
    const ranges = classEscape();
    if (ranges) return { node: { t: "class", ranges, negated: false }, repeats: false, quantifiable: true };
    return { node: { t: "char", c: charEscape() }, repeats: false, quantifiable: true };
  }

  function classEscape(): number[] | undefined {
    const c = pattern[i];
    if (c === undefined || !Object.hasOwn(CLASS_ESCAPES, c)) return undefined;
    i++;
    return CLASS_ESCAPES[c];
  }

  // After a backslash: one escaped character as a code unit.
  function charEscape(): number {
    const c = pattern[i];
    if (c === undefined) return fail("\\ at end of pattern", i - 1);
    i++;
    if (Object.hasOwn(CONTROL_ESCAPES, c)) return CONTROL_ESCAPES[c]!;
    if (c === "0" && !/\d/.test(pattern[i] ?? "")) return 0;
    if (c === "x" || c === "u") {
      const digits = c === "x" ? 2 : 4;
      const hex = pattern.slice(i, i + digits);
      if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) fail(`invalid \\${c} escape`, i - 2);
      i += digits;
      return parseInt(hex, 16);
    }
    if (/\d/.test(c)) fail("backreferences are not supported", i - 2);
    if (/[A-Za-z]/.test(c)) fail(`unsupported escape \\${c}`, i - 2);
    return c.charCodeAt(0);
  }

  function characterClass(): RegexNode {
    const open = i - 1;
    const negated = pattern[i] === "^";
    if (negated) i++;
    const ranges: number[] = [];
    while (pattern[i] !== "]") {
      if (i >= pattern.length) fail("unterminated character class", open);
      const lo = classAtom();
      if (pattern[i] === "-" && pattern[i + 1] !== "]" && i + 1 < pattern.length && typeof lo === "number") {
        i++;
        const hi = classAtom();
        if (typeof hi !== "number") {
          ranges.push(lo, lo, 0x2d, 0x2d, ...hi);
        } else {
          if (hi < lo) fail("range out of order in character class");
          ranges.push(lo, hi);
        }
      } else if (typeof lo === "number") ranges.push(lo, lo);
      else ranges.push(...lo);
    }
    i++;
    return { t: "class", ranges: normalizeRanges(ranges), negated };
  }

  function classAtom(): number | number[] {
    const c = pattern[i]!;
    i++;
    if (c !== "\\") return c.charCodeAt(0);
    if (pattern[i] === "b") {
      i++;
      return 8;
    }
    if (pattern[i] === "-") {
      i++;
      return 0x2d;
    }
    return classEscape() ?? charEscape();
  }

  const tree = alternation();
  if (i < pattern.length) fail("unmatched )");
  return tree.node;
}
