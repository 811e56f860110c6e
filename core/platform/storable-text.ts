/**
 * What input the stores can keep, checked where it enters. Postgres stores no NUL character
 * (U+0000) in `text` or `jsonb`, so input bound for it is refused with a 400 rather than failing
 * in the database; its `jsonb` parser refuses a lone UTF-16 surrogate (`"\ud800"`), which `text`
 * would have stored as U+FFFD, so input is made well-formed the same way everywhere; and JSON
 * nested without bound would overflow the stack of every recursive step after parsing
 * (`JSON.stringify` fails near 10,000 levels), so nesting is capped.
 */

export const NUL_MESSAGE = "text must not contain NUL (\\u0000) characters";

/** Deepest nesting of arrays and objects accepted in a JSON body or an ingested event. */
export const MAX_JSON_DEPTH = 64;
export const DEPTH_MESSAGE = `JSON nests deeper than ${MAX_JSON_DEPTH} levels`;

/** The path of the first string (or object key) holding a NUL, `""` for the value itself, or null when clean. */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === "string") {
      if (node.includes("\u0000")) return path;
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    // Reversed, so the first offending field in document order is the one named.
    for (const [key, child] of Object.entries(node).reverse()) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return at;
      stack.push([child, at]);
    }
  }
  return null;
}

type WellFormable = string & { isWellFormed(): boolean; toWellFormed(): string };
const fix = (s: string) => ((s as WellFormable).isWellFormed() ? s : (s as WellFormable).toWellFormed());

/** Replaces, in place, every lone surrogate in the strings and keys of a parsed JSON value by U+FFFD (as UTF-8 encoding does). */
function makeWellFormed(root: unknown): unknown {
  const box = { root };
  const stack: Record<string, unknown>[] = [box];
  while (stack.length) {
    const node = stack.pop()!;
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (typeof child === "string") node[key] = fix(child);
      else if (child !== null && typeof child === "object") stack.push(child as Record<string, unknown>);
      const fixed = fix(key);
      if (fixed !== key && !Array.isArray(node)) {
        node[fixed] = node[key];
        delete node[key];
      }
    }
  }
  return box.root;
}

/** Whether JSON text may hold a lone surrogate: only a `\uD800`–`\uDFFF` escape can put one in a parsed string. */
const mayHoldSurrogates = (json: string) => /\\u[dD][89a-fA-F]/.test(json);

/** `JSON.parse`, with lone surrogates replaced by U+FFFD; throws as `JSON.parse` does. */
export function parseWellFormedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return mayHoldSurrogates(text) ? makeWellFormed(value) : value;
}

/** Whether JSON text nests arrays and objects deeper than `limit` (strings skipped); stops at the first excess. */
export function jsonTextExceedsDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * Whether a parsed value nests arrays and objects deeper than `limit` (counting the value itself as level 1). Run
 * on every ingested event: recursive, but never deeper than `limit` + 1 calls, since it answers as soon as a level
 * passes the limit; it allocates nothing (2.5× faster than a walk with an explicit stack on the ingest bench's events).
 */
export function valueExceedsDepth(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  return value !== null && typeof value === "object" && nestsBeyond(value, 1, limit);
}

function nestsBeyond(node: object, depth: number, limit: number): boolean {
  if (depth > limit) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (child !== null && typeof child === "object" && nestsBeyond(child, depth + 1, limit)) return true;
    }
    return false;
  }
  for (const key in node) {
    const child: unknown = (node as Record<string, unknown>)[key];
    if (child !== null && typeof child === "object" && nestsBeyond(child, depth + 1, limit)) return true;
  }
  return false;
}
