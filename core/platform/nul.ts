/**
 * Postgres stores no NUL character (U+0000) in `text` or `jsonb`, so input bound for it is
 * refused at the edge with a 400 rather than failing in the database. Returns the path of the
 * first string (or object key) that holds one, `""` for the value itself, or null when clean.
 */
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

export const NUL_MESSAGE = "text must not contain NUL (\\u0000) characters";
