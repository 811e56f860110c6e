import { REFUSED_NAMES } from "./ast";
import { evaluationError } from "./errors";

/** Strings, numbers, booleans, null, arrays and plain objects: what expressions compute with. */
export type Kind = "null" | "boolean" | "number" | "string" | "array" | "object";

export function kindOf(value: unknown): Kind {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  if (type === "boolean" || type === "number" || type === "string") return type;
  return "object";
}

/** Anything the caller passed that is not data (undefined, functions, symbols) reads as null: no callable values. */
export function normalize(value: unknown): unknown {
  if (value === undefined) return null;
  const type = typeof value;
  return type === "function" || type === "symbol" || type === "bigint" ? null : value;
}

/** @throws invalid_input for `__proto__`, `constructor` and `prototype`, whatever the target. */
export function refuseName(key: string | number, start: number): void {
  if (typeof key === "string" && REFUSED_NAMES.has(key))
    throw evaluationError(`Property name ${JSON.stringify(key)} is refused at position ${start + 1}`);
}

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * Reads one property step. Own properties only (Object.hasOwn), so `toString` or `hasOwnProperty` read as
 * null, and the three refused names throw before anything is indexed. A missing field, or any step on null,
 * reads as null.
 */
export function readMember(target: unknown, key: string | number, start: number): unknown {
  refuseName(key, start);
  if (target === null || target === undefined) return null;
  if (typeof target === "string" || Array.isArray(target)) {
    if (key === "length") return target.length;
    const index = typeof key === "number" ? key : INDEX.test(key) ? Number(key) : -1;
    if (!Number.isInteger(index) || index < 0 || index >= target.length) return null;
    return typeof target === "string" ? target[index] : normalize(target[index]);
  }
  if (typeof target !== "object") return null;
  const name = String(key);
  return Object.hasOwn(target, name) ? normalize((target as Record<string, unknown>)[name]) : null;
}

/** Deep equality of data values: same kind, arrays in order, objects by own keys. Iterative, so hostile nesting cannot overflow the stack. */
export function deepEqual(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    const kind = kindOf(x);
    if (kind !== kindOf(y)) return false;
    if (kind === "array") {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) stack.push([xs[i], ys[i]]);
    } else if (kind === "object") {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      const keys = Object.keys(xo);
      if (keys.length !== Object.keys(yo).length) return false;
      for (const key of keys) {
        if (!Object.hasOwn(yo, key)) return false;
        stack.push([xo[key], yo[key]]);
      }
    } else if (kind !== "null" && x !== y) return false;
  }
  return true;
}
