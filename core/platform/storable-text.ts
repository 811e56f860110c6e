/**
 * Text Postgres can store. It keeps no NUL character (U+0000) in `text` or `jsonb`, so input
 * bound for it is refused at the edge with a 400 rather than failing in the database; and its
 * `jsonb` parser refuses a lone UTF-16 surrogate (`"\ud800"`), which `text` would have stored as
 * U+FFFD, so input is made well-formed the same way everywhere.
 */

export const NUL_MESSAGE = "text must not contain NUL (\\u0000) characters";

/** The path of the first string (or object key) holding a NUL, `""` for the value itself, or null when clean. */
export function nulPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return at;
    const found = nulPath(child, at);
    if (found !== null) return found;
  }
  return null;
}

type WellFormable = string & { isWellFormed(): boolean; toWellFormed(): string };

/** The value with every lone surrogate in its strings and keys replaced by U+FFFD (as UTF-8 encoding does). */
export function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return (value as WellFormable).isWellFormed() ? value : (value as WellFormable).toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k) as string, wellFormed(v)]));
}

/** Whether JSON text may hold a lone surrogate: only a `\uD800`–`\uDFFF` escape can put one in a parsed string. */
export const mayHoldSurrogates = (json: string) => /\\u[dD][89a-fA-F]/.test(json);

/** `JSON.parse`, with lone surrogates replaced (see {@link wellFormed}); throws as `JSON.parse` does. */
export function parseWellFormedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return mayHoldSurrogates(text) ? wellFormed(value) : value;
}
