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
 * Copies a JSON value with `fn` applied to every string value (never to keys).
 * Iterative, so nesting depth cannot overflow the call stack; a shared or
 * cyclic container maps to a single copy.
 */
export function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === "string") return fn(value);
  if (!isContainer(value)) return value;
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
