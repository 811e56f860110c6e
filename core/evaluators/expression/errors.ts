import { type AppError, invalid } from "../../platform/errors";

/** Where in the source something went wrong; `position` is 1-based, counted in UTF-16 code units. */
export interface SourceLocation {
  position: number;
  line: number;
  column: number;
}

/** Turns a 0-based offset into a 1-based position, line and column. */
export function locate(source: string, offset: number): SourceLocation {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { position: offset + 1, line, column: offset - lineStart + 1 };
}

/** "at position 14" for one-line sources; multi-line sources also name line and column. */
export function where(source: string, offset: number): string {
  const at = locate(source, offset);
  return source.includes("\n")
    ? `at line ${at.line}, column ${at.column} (position ${at.position})`
    : `at position ${at.position}`;
}

/** A compile error: `invalid_input`, with the location in `details` for clients that underline it. */
export function syntaxError(source: string, offset: number, what: string): AppError {
  return invalid(`${what} ${where(source, offset)}`, { phase: "compile", ...locate(source, offset) });
}

/** An evaluation error (bad operand, breached limit); still `invalid_input`, since the expression or its data caused it. */
export function evaluationError(message: string, details?: Record<string, unknown>): AppError {
  return invalid(message, { phase: "evaluate", ...details });
}

const PREVIEW_CHARS = 60;

/** `string "abc"`, `number 5`, `null`, `array [1,2]`: a short, bounded rendering of a value for messages. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return `number ${Number.isNaN(value) ? "NaN" : String(value)}`;
  if (typeof value === "boolean") return `boolean ${value}`;
  if (typeof value === "string")
    return `string ${clip(JSON.stringify(value.slice(0, PREVIEW_CHARS + 1)), value.length > PREVIEW_CHARS)}`;
  if (Array.isArray(value)) return `array ${preview(value)}`;
  if (typeof value === "object") return `object ${preview(value)}`;
  return typeof value;
}

function clip(text: string, cut: boolean): string {
  return cut || text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

// Bounded in depth and breadth by hand: JSON.stringify recurses and would overflow on hostile nesting, and
// walking a million-element array to print three of them is wasted work.
function preview(value: unknown, depth = 0): string {
  if (value === null || typeof value !== "object")
    return typeof value === "string" ? JSON.stringify(value.slice(0, 20)) : String(value);
  const isArray = Array.isArray(value);
  if (depth >= 2) return isArray ? "[…]" : "{…}";
  const parts: string[] = [];
  let length = 0;
  const keys = isArray ? null : Object.keys(value);
  const count = isArray ? value.length : keys!.length;
  for (let i = 0; i < count; i++) {
    if (length > PREVIEW_CHARS) {
      parts.push("…");
      break;
    }
    const part = isArray
      ? preview(value[i], depth + 1)
      : `${JSON.stringify(keys![i])}:${preview((value as Record<string, unknown>)[keys![i]!], depth + 1)}`;
    parts.push(part);
    length += part.length + 1;
  }
  return isArray ? `[${parts.join(",")}]` : `{${parts.join(",")}}`;
}
