type Container = unknown[] | Record<string, unknown>;

function isContainer(value: unknown): value is Container {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function set(target: Container, key: string, value: unknown): void {
  // A parsed "__proto__" key is an own property; plain assignment would swap the prototype instead.
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}

/**
 * Whether `fn` leaves every string of the container as it is. Most ingested values hold no PII, and finding
 * that out without building a copy is most of what masking them costs (docs/ingest.md, "Issue 32: what changed and what is left").
 * Stops at the first string `fn` changes.
 */
function keepsEveryString(value: Container, fn: (text: string) => string): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<Container>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (fn(v) !== v) return false;
      continue;
    }
    if (!isContainer(v) || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push(v[i]);
    else for (const key of Object.keys(v)) stack.push(v[key]);
  }
  return true;
}

/**
 * A JSON value with `fn` applied to every string value (never to keys): the value itself when `fn` changes
 * none of its strings, else a copy. Iterative, so nesting depth cannot overflow the call stack; a shared or
 * cyclic container maps to a single copy.
 */
export function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === "string") return fn(value);
  if (!isContainer(value)) return value;
  if (keepsEveryString(value, fn)) return value;
  const copies = new Map<Container, Container>();
  const pending: Container[] = [];
  const visit = (v: unknown): unknown => {
    if (typeof v === "string") return fn(v);
    if (!isContainer(v)) return v;
    let copy = copies.get(v);
    if (!copy) {
      copy = Array.isArray(v) ? new Array<unknown>(v.length) : {};
      copies.set(v, copy);
      pending.push(v);
    }
    return copy;
  };

  const root = visit(value);
  while (pending.length > 0) {
    const source = pending.pop()!;
    const target = copies.get(source)!;
    if (Array.isArray(source)) {
      for (let i = 0; i < source.length; i++) (target as unknown[])[i] = visit(source[i]);
    } else {
      for (const key of Object.keys(source)) set(target, key, visit(source[key]));
    }
  }
  return root;
}
