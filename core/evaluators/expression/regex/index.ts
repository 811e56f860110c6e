import { parseRegex } from "./parse";
import { compileProgram } from "./program";
import { RegexSyntaxError } from "./syntax";
import { type MatchBudget, runProgram } from "./vm";

export { RegexSyntaxError } from "./syntax";
export { type MatchBudget, RegexBudgetExceeded } from "./vm";

export interface CompiledRegex {
  readonly source: string;
  /** @throws RegexBudgetExceeded when the run would take more steps than `budget` has left. */
  test(subject: string, budget: MatchBudget): boolean;
}

// Patterns are usually literals repeated on every evaluation; a bounded memo keeps parsing off the hot path.
const CACHE_SIZE = 500;
const cache = new Map<string, CompiledRegex | RegexSyntaxError>();

/**
 * Compiles a pattern for `matches`, memoised by source (failures too, so a bad pattern costs one parse).
 * @throws RegexSyntaxError for a pattern outside the supported subset or over the size limit.
 */
export function compileRegex(source: string): CompiledRegex {
  let entry = cache.get(source);
  if (entry === undefined) {
    try {
      const program = compileProgram(parseRegex(source));
      entry = { source, test: (subject: string, budget: MatchBudget) => runProgram(program, subject, budget) };
    } catch (error) {
      if (!(error instanceof RegexSyntaxError)) throw error;
      entry = error;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, entry);
  }
  if (entry instanceof RegexSyntaxError) throw entry;
  return entry;
}

/** The message for a refused pattern; the caller appends where in the expression it was used. */
export function describeRegexProblem(source: string, error: RegexSyntaxError): string {
  const at = error.index === null ? "" : `, pattern character ${error.index + 1}`;
  return `Invalid regular expression ${JSON.stringify(source.length > 60 ? `${source.slice(0, 60)}…` : source)} (${error.message}${at})`;
}
