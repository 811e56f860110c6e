import { type AttributeReader, numberOf, parseJsonish, stringListOf, stringOf } from "./attribute-reader";
import type { AttributeValue, SpanEvent, SpanView } from "./span-view";

/** What one rule of the mapping table sees: the span, and a reader that remembers which attributes were used. */
export interface RuleInput {
  attrs: AttributeReader;
  span: SpanView;
}
/** Reads one field from a span; undefined means "this rule has nothing to say". */
export type Read<T> = (s: RuleInput) => T | undefined;

/** The first of several spellings, as text. */
export const text =
  (...keys: string[]): Read<string> =>
  ({ attrs }) =>
    stringOf(attrs.first(...keys));
/** The first of several spellings, JSON parsed when it parses (kept as text when it does not). */
export const json =
  (...keys: string[]): Read<unknown> =>
  ({ attrs }) =>
    parseJsonish(attrs.first(...keys));
export const count =
  (...keys: string[]): Read<number> =>
  ({ attrs }) =>
    numberOf(attrs.first(...keys));
export const list =
  (...keys: string[]): Read<string[]> =>
  ({ attrs }) =>
    stringListOf(attrs.first(...keys));
/** A JSON object attribute (anything else says nothing). */
export const object =
  (...keys: string[]): Read<Record<string, unknown>> =>
  (s) =>
    objectOf(json(...keys)(s));
/** A constant, when the attribute is there at all. */
export const given =
  <T>(key: string, value: T): Read<T> =>
  ({ attrs }) =>
    attrs.get(key) !== undefined ? value : undefined;

/** The rule applies only to spans that pass `test`. */
export const when =
  <T>(test: (s: RuleInput) => boolean, read: Read<T>): Read<T> =>
  (s) =>
    test(s) ? read(s) : undefined;
/** The first rule with something to say. */
export const firstOf =
  <T>(...reads: Read<T>[]): Read<T> =>
  (s) => {
    for (const read of reads) {
      const v = read(s);
      if (v !== undefined) return v;
    }
    return undefined;
  };
/** A value looked up in a table (`undefined` for anything it does not list). */
export const lookup =
  <T>(read: Read<string>, table: Record<string, T>): Read<T> =>
  (s) => {
    const key = read(s);
    return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
  };

/** `prefix.<key>` attributes as one object (JSON parsed), minus `skip`; undefined when there are none. */
export const prefixed =
  (prefix: string, skip: (key: string) => boolean = () => false): Read<Record<string, unknown>> =>
  ({ attrs }) => {
    const entries = attrs.withPrefix(prefix, (k) => !skip(k)).map(([k, v]) => [k, parseJsonish(v)] as const);
    return entries.length ? Object.fromEntries(entries) : undefined;
  };

/** Wrapper keys OpenInference puts around list items (`llm.input_messages.0.message.role`). */
const WRAPPERS = new Set(["message", "tool_call", "message_content", "document", "embedding"]);
/** A list index beyond this is not a list (and would make a huge sparse array). */
const MAX_INDEX = 1000;

/**
 * Flattened lists (`llm.input_messages.0.message.content`, `gen_ai.prompt.1.role`) rebuilt as JSON: numeric
 * path segments become array items, OpenInference's one-key wrappers are removed.
 */
export const nested =
  (prefix: string): Read<unknown[]> =>
  ({ attrs }) => {
    const entries = attrs.withPrefix(prefix, (k) => /^\d+\./.test(k));
    if (entries.length === 0) return undefined;
    const root: Node = new Map();
    for (const [path, value] of entries) place(root, path.split("."), parseJsonish(value));
    const built = build(root);
    return Array.isArray(built) && built.length ? built : undefined;
  };

type Node = Map<string, Node | unknown>;

function place(node: Node, parts: string[], value: unknown) {
  for (let i = 0; i < parts.length - 1; i++) {
    const next = node.get(parts[i]!);
    if (next === undefined) {
      const child: Node = new Map();
      node.set(parts[i]!, child);
      node = child;
    } else if (next instanceof Map) node = next;
    else return; // a scalar already holds this path: the first one sent wins
  }
  if (!node.has(parts.at(-1)!)) node.set(parts.at(-1)!, value);
}

function build(node: unknown): unknown {
  if (!(node instanceof Map)) return node;
  const keys = [...node.keys()];
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && Number(k) <= MAX_INDEX)) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => unwrap(build(node.get(k))));
  }
  // fromEntries defines own properties, so a key such as "__proto__" stays plain data.
  return Object.fromEntries(keys.map((k) => [k, build(node.get(k))]));
}

function unwrap(item: unknown): unknown {
  const o = objectOf(item);
  if (!o) return item;
  const keys = Object.keys(o);
  return keys.length === 1 && WRAPPERS.has(keys[0]!) && objectOf(o[keys[0]!]) ? unwrap(o[keys[0]!]) : item;
}

/** Span events named in `roles` as chat messages (`gen_ai.user.message` → role user), their attributes as the body. */
export const messagesFromEvents =
  (roles: ReadonlyMap<string, string>): Read<unknown[]> =>
  ({ span }) => {
    const messages = span.events
      .filter((e) => roles.has(e.name))
      .map((e) => ({ role: roles.get(e.name), ...eventBody(e) }));
    return messages.length ? messages : undefined;
  };

/** Span events named `name`: one body, or a list of them. */
export const eventBodies =
  (name: string): Read<unknown> =>
  ({ span }) => {
    const bodies = span.events.filter((e) => e.name === name).map(eventBody);
    return bodies.length === 0 ? undefined : bodies.length === 1 ? bodies[0] : bodies;
  };

/** An attribute read from the first span event that carries it. */
export const fromEvent =
  (key: string, read: (v: AttributeValue) => unknown = parseJsonish): Read<unknown> =>
  ({ span }) => {
    const event = span.events.find((e) => key in e.attributes);
    return event ? read(event.attributes[key]!) : undefined;
  };

/** Event attributes minus the repeated provider name, JSON strings parsed. */
function eventBody(e: SpanEvent): Record<string, unknown> {
  const entries = Object.entries(e.attributes).filter(([k]) => k !== "gen_ai.system" && k !== "gen_ai.provider.name");
  return Object.fromEntries(entries.map(([k, v]) => [k, parseJsonish(v)]));
}

export function objectOf(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Every item of a list of JSON strings parsed (the AI SDK sends `ai.values` and `ai.embeddings` so). */
export const jsonItems =
  (key: string): Read<unknown[]> =>
  ({ attrs }) => {
    const v = attrs.get(key);
    return Array.isArray(v) ? v.map((x) => parseJsonish(x)) : undefined;
  };
