/**
 * The bounds of the expression language (docs/expressions.md, "Limits").
 * One constant, so the OpenAPI description and the error messages quote the same numbers.
 */
export const EXPRESSION_LIMITS = {
  /** Deepest nesting of the syntax tree (and of the parser's recursion). */
  parserDepth: 64,
  /** Syntax nodes evaluated in one evaluation; bounds the work of any single run. */
  evaluatedNodes: 10_000,
  /** Longest subject `matches` accepts, in UTF-16 code units. */
  matchesSubjectChars: 100_000,
  /** Longest string `+` may build; concatenation is the one way an expression grows a value beyond its inputs. */
  concatenatedChars: 1_000_000,
  /** Largest compiled regular expression, in matcher instructions (counted repetition expands). */
  regexInstructions: 1_000,
  /**
   * Matcher steps (automaton states visited, one per state per character) for all `matches` calls of one
   * evaluation. The node budget counts calls, not the work inside them; this bounds that work to well under
   * a second.
   */
  regexSteps: 10_000_000,
} as const;

/** Plain-text summary of the limits, for the OpenAPI description of the evaluator endpoints. */
export const EXPRESSION_LIMITS_DESCRIPTION =
  `Code evaluator expressions are bounded: parser depth ${EXPRESSION_LIMITS.parserDepth}, ` +
  `${EXPRESSION_LIMITS.evaluatedNodes} evaluated nodes per evaluation, ` +
  `\`matches\` subject ${EXPRESSION_LIMITS.matchesSubjectChars} characters, ` +
  `strings built with + at most ${EXPRESSION_LIMITS.concatenatedChars} characters, ` +
  `regular expressions of at most ${EXPRESSION_LIMITS.regexInstructions} matcher instructions and without nested repetition, ` +
  `${EXPRESSION_LIMITS.regexSteps} matcher steps per evaluation. ` +
  "Each breach is an error naming the limit.";
