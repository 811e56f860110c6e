/** A ready-made code check; picking one fills an editable expression (`GET /v1/evaluators/presets`; docs/expressions.md, "Presets"). */
export interface ExpressionPreset {
  id: string;
  name: string;
  description: string;
  expression: string;
}

export const EXPRESSION_PRESETS: readonly ExpressionPreset[] = [
  {
    id: "regex-match",
    name: "Regex match",
    description: "The output matches a regular expression (here: contains an ISO date). Edit the pattern.",
    expression: 'matches(output, "\\d{4}-\\d{2}-\\d{2}")',
  },
  {
    id: "json-valid",
    name: "Valid JSON",
    description: "The output is valid JSON (an output stored as an object counts as valid).",
    expression: "jsonValid(output)",
  },
  {
    id: "json-has-keys",
    name: "JSON shape has keys",
    description: "The output parses as a JSON object with every listed key. Edit the keys.",
    expression: 'has(jsonParse(output), "answer") and has(jsonParse(output), "sources")',
  },
  {
    id: "json-field-equals",
    name: "JSON field equals expected",
    description: "A field of the JSON output equals the expected value. Edit the path.",
    expression: 'exactMatch(jsonPath(jsonParse(output), "answer"), expected)',
  },
  {
    id: "length-within-range",
    name: "Length within range",
    description: "The output is between 1 and 2000 characters long. Edit the bounds.",
    expression: "len(output) >= 1 and len(output) <= 2000",
  },
  {
    id: "exact-match",
    name: "Exact match with expected",
    description: "The output equals the expected output exactly (deep equality for structured values).",
    expression: "exactMatch(output, expected)",
  },
  {
    id: "exact-match-normalized",
    name: "Exact match, ignoring case and surrounding spaces",
    description: "The trimmed, lower-cased output equals the trimmed, lower-cased expected output.",
    expression: "lower(trim(output)) == lower(trim(expected))",
  },
  {
    id: "contains-expected",
    name: "Contains expected",
    description: "The output contains the expected output, ignoring case.",
    expression: "contains(lower(output), lower(expected))",
  },
  {
    id: "numeric-range",
    name: "Numeric range",
    description: "The output read as a number lies between 0 and 100. Edit the bounds.",
    expression: "num(output) >= 0 and num(output) <= 100",
  },
  {
    id: "numeric-closeness",
    name: "Close to expected number",
    description: "Graded: 1 when the output equals the expected number, falling to 0 at a difference of 10 or more.",
    expression: "num(output) == null or num(expected) == null ? 0 : max(0, 1 - abs(num(output) - num(expected)) / 10)",
  },
  {
    id: "not-empty",
    name: "Not empty",
    description: "The output is neither null, an empty string, nor an empty array or object.",
    expression: "not isEmpty(output)",
  },
  {
    id: "starts-with",
    name: "Starts with",
    description: "The output starts with a given prefix. Edit the prefix.",
    expression: 'startsWith(trim(output), "Answer:")',
  },
  {
    id: "ends-with",
    name: "Ends with",
    description: "The output ends with a given suffix. Edit the suffix.",
    expression: 'endsWith(trim(output), ".")',
  },
  {
    id: "word-count",
    name: "Word count within range",
    description: "The output has between 5 and 300 words. Edit the bounds.",
    expression: "words(output) >= 5 and words(output) <= 300",
  },
  {
    id: "no-refusal",
    name: "No refusal phrases",
    description: "The output contains none of the listed refusal phrases. Edit the phrases.",
    expression:
      'not (contains(lower(output), "i cannot") or contains(lower(output), "i\'m sorry") or contains(lower(output), "as an ai"))',
  },
  {
    id: "keyword-coverage",
    name: "Keyword coverage",
    description: "Graded: the share of listed keywords the output mentions. Edit the keywords.",
    expression: '((contains(lower(output), "price") ? 1 : 0) + (contains(lower(output), "delivery") ? 1 : 0)) / 2',
  },
];
