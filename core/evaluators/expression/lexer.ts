import { syntaxError } from "./errors";

export type TokenType = "number" | "string" | "name" | "keyword" | "punct" | "end";

export interface Token {
  type: TokenType;
  /** The text for names, keywords and punctuation; the decoded value for strings; the digits for numbers. */
  text: string;
  value?: number | string;
  /** 0-based offset of the first character. */
  start: number;
}

export const KEYWORDS = new Set(["true", "false", "null", "and", "or", "not"]);

// Longest first, so "<=" wins over "<".
const PUNCTUATION = [
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  "!",
  "?",
  ":",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ".",
];

// No \b: "\b" stays a regex word boundary rather than a backspace, which nobody matches in model output.
const SIMPLE_ESCAPES: Record<string, string> = {
  n: "\n",
  r: "\r",
  t: "\t",
  f: "\f",
  v: "\v",
  0: "\0",
  "'": "'",
  '"': '"',
  "\\": "\\",
  "/": "/",
};

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isNameStart = (c: string | undefined) => c !== undefined && /[A-Za-z_$]/.test(c);
const isNamePart = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_$]/.test(c);

/** Splits the source into tokens, ending with one `end` token. @throws invalid_input naming the position. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
    } else if (isDigit(c)) {
      i = readNumber(source, i, tokens);
    } else if (c === '"' || c === "'") {
      i = readString(source, i, tokens);
    } else if (isNameStart(c)) {
      const start = i;
      while (isNamePart(source[i])) i++;
      const text = source.slice(start, i);
      tokens.push({ type: KEYWORDS.has(text) ? "keyword" : "name", text, start });
    } else {
      const punct = PUNCTUATION.find((p) => source.startsWith(p, i));
      if (punct === undefined) throw syntaxError(source, i, `Unexpected character ${JSON.stringify(c)}`);
      tokens.push({ type: "punct", text: punct, start: i });
      i += punct.length;
    }
  }
  tokens.push({ type: "end", text: "end of expression", start: source.length });
  return tokens;
}

const NUMBER = /\d+(\.\d+)?([eE][+-]?\d+)?/y;

function readNumber(source: string, start: number, tokens: Token[]): number {
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(source)!;
  const end = start + match[0].length;
  if (isNamePart(source[end])) throw syntaxError(source, end, `Unexpected character ${JSON.stringify(source[end])}`);
  const value = Number(match[0]);
  if (!Number.isFinite(value)) throw syntaxError(source, start, "Number out of range");
  tokens.push({ type: "number", text: match[0], value, start });
  return end;
}

// Unknown escapes keep their backslash (as in Python), so "\d+" reaches `matches` as the regex \d+.
function readString(source: string, start: number, tokens: Token[]): number {
  const quote = source[start]!;
  let out = "";
  let i = start + 1;
  for (;;) {
    const c = source[i];
    if (c === undefined || c === "\n") throw syntaxError(source, start, "Unterminated string");
    if (c === quote) break;
    if (c !== "\\") {
      out += c;
      i++;
      continue;
    }
    const next = source[i + 1];
    if (next === undefined) throw syntaxError(source, start, "Unterminated string");
    if (next === "u") {
      const hex = /^u([0-9a-fA-F]{4})/.exec(source.slice(i + 1, i + 6));
      if (!hex) throw syntaxError(source, i, "Invalid \\u escape, expected four hex digits");
      out += String.fromCharCode(parseInt(hex[1]!, 16));
      i += 6;
    } else if (Object.hasOwn(SIMPLE_ESCAPES, next) && !(next === "0" && isDigit(source[i + 2]))) {
      out += SIMPLE_ESCAPES[next];
      i += 2;
    } else {
      out += `\\${next}`;
      i += 2;
    }
  }
  tokens.push({ type: "string", text: source.slice(start, i + 1), value: out, start });
  return i + 1;
}
