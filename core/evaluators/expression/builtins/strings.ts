import { evaluationError } from "../errors";
import { EXPRESSION_LIMITS } from "../limits";
import {
  type CompiledRegex,
  compileRegex,
  describeRegexProblem,
  RegexBudgetExceeded,
  RegexSyntaxError,
} from "../regex";
import { deepEqual } from "../values";
import { type Builtin, text, wrongArg } from "./args";

const stringTest = (name: string, test: (s: string, t: string) => boolean): Builtin => ({
  minArgs: 2,
  maxArgs: 2,
  fn: (args, start) => {
    const s = text(name, args, 0, start);
    const t = text(name, args, 1, start);
    return s !== null && t !== null && test(s, t);
  },
});

const stringMap = (name: string, map: (s: string) => string): Builtin => ({
  minArgs: 1,
  maxArgs: 1,
  fn: (args, start) => {
    const s = text(name, args, 0, start);
    return s === null ? null : map(s);
  },
});

function regexOrError(pattern: string, start: number): CompiledRegex {
  try {
    return compileRegex(pattern);
  } catch (error) {
    if (error instanceof RegexSyntaxError)
      throw evaluationError(`${describeRegexProblem(pattern, error)} at position ${start + 1}`);
    throw error;
  }
}

const WHITESPACE_RUN = /\s+/;

/** contains, startsWith, endsWith, lower, upper, trim, words, matches. */
export const STRING_BUILTINS: Record<string, Builtin> = {
  contains: {
    minArgs: 2,
    maxArgs: 2,
    fn: (args, start) => {
      const [subject, needle] = args;
      if (Array.isArray(subject)) return subject.some((item) => deepEqual(item, needle));
      const s = text("contains", args, 0, start);
      const t = text("contains", args, 1, start);
      return s !== null && t !== null && s.includes(t);
    },
  },
  startsWith: stringTest("startsWith", (s, t) => s.startsWith(t)),
  endsWith: stringTest("endsWith", (s, t) => s.endsWith(t)),
  lower: stringMap("lower", (s) => s.toLowerCase()),
  upper: stringMap("upper", (s) => s.toUpperCase()),
  trim: stringMap("trim", (s) => s.trim()),
  words: {
    minArgs: 1,
    maxArgs: 1,
    fn: (args, start) => {
      const s = text("words", args, 0, start)?.trim();
      return s ? s.split(WHITESPACE_RUN).length : 0;
    },
  },
  matches: {
    minArgs: 2,
    maxArgs: 2,
    fn: (args, start, budget) => {
      const pattern = args[1];
      if (typeof pattern !== "string") throw wrongArg("matches", 1, "a regular expression string", pattern, start);
      const regex = regexOrError(pattern, start);
      const s = text("matches", args, 0, start);
      if (s === null) return false;
      if (s.length > EXPRESSION_LIMITS.matchesSubjectChars) {
        throw evaluationError(
          `matches() subject exceeds the limit of ${EXPRESSION_LIMITS.matchesSubjectChars} characters (got ${s.length}) at position ${start + 1}`,
          { limit: "matchesSubjectChars" },
        );
      }
      try {
        return regex.test(s, budget);
      } catch (error) {
        if (!(error instanceof RegexBudgetExceeded)) throw error;
        const limit = EXPRESSION_LIMITS.regexSteps;
        throw evaluationError(
          `matches() exceeded the limit of ${limit} matcher steps per evaluation at position ${start + 1}`,
          { limit: "regexSteps" },
        );
      }
    },
  },
};
