/*
 * SQL twins of what the lists' JavaScript mappings do to a folded row, for lines the telemetry store writes whole
 * (docs/export.md, "Lines written by the store"). Each mapping written this way has a test that holds it to its
 * JavaScript original.
 */

/** `isoOf`: the store's `YYYY-MM-DD hh:mm:ss.sss` as ISO 8601 with `Z`; null for null and for the epoch's first second. */
export const isoText = (c: string) =>
  `if(${c} IS NULL OR startsWith(${c}, '1970-01-01 00:00:00'), NULL, concat(replaceOne(${c}, ' ', 'T'), 'Z'))`;

/** A value as JSON text; null as `null`. Integers wider than 32 bits are the caller's to write (`toString`), never quoted. */
export const jsonOf = (e: string) => `ifNull(toJSONString(${e}), 'null')`;

/**
 * A stored JSON text as its value (`JSON.parse`): every writer stores `JSON.stringify` text, which is already the
 * value's JSON; text that is not JSON (or holds a line break or tab, which that never does) is a JSON string.
 */
export const storedJson = (c: string) =>
  `if(${c} IS NULL, 'null', if(isValidJSON(${c}) AND NOT match(${c}, '[\\t\\n\\r]'), ${c}, toJSONString(${c})))`;

/** One JSON object per row: `fields` are `[name, JSON text expression]`, in the order the object is written. */
export const jsonObject = (fields: readonly (readonly [string, string])[]) =>
  `concat('{', ${fields.map(([name, value], i) => `'${i ? "," : ""}"${name}":', ${value}`).join(", ")}, '}')`;
