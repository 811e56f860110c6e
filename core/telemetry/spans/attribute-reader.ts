import { invalid } from "../../platform/errors";
import { parseWellFormedJson } from "../../platform/storable-text";
import type { Attributes, AttributeValue } from "./span-view";

/**
 * Reads span attributes and remembers which ones a mapper used, so that only the
 * unmapped rest lands in `metadata.attributes` (keeps that map small and avoids
 * storing every value twice).
 */
export class AttributeReader {
  private readonly used = new Set<string>();
  constructor(private readonly attributes: Attributes) {}

  get(key: string): AttributeValue | undefined {
    if (!(key in this.attributes)) return undefined;
    this.used.add(key);
    return this.attributes[key];
  }

  /** The first of several spellings (current semconv name first). */
  first(...keys: string[]): AttributeValue | undefined {
    for (const key of keys) {
      const v = this.get(key);
      if (v !== undefined && v !== null) return v;
    }
    return undefined;
  }

  /** The entries under every dotted prefix of every key (`a` and `a.b` for `a.b.c`), built on first use. */
  private byPrefix?: Map<string, Array<[string, AttributeValue, string]>>;

  /** Entries under `prefix.` (whose rest passes `accept`), keyed by the rest of the name. */
  withPrefix(prefix: string, accept: (rest: string) => boolean = () => true): Array<[string, AttributeValue]> {
    if (!this.byPrefix) {
      // One pass over the keys instead of one per prefix asked for: most prefixes a mapping asks for are absent.
      this.byPrefix = new Map();
      for (const key of Object.keys(this.attributes)) {
        for (let i = key.indexOf("."); i > 0; i = key.indexOf(".", i + 1)) {
          const head = key.slice(0, i);
          const list = this.byPrefix.get(head) ?? this.byPrefix.set(head, []).get(head)!;
          list.push([key.slice(i + 1), this.attributes[key]!, key]);
        }
      }
    }
    const found: Array<[string, AttributeValue]> = [];
    for (const [rest, value, key] of this.byPrefix.get(prefix) ?? []) {
      if (!accept(rest)) continue;
      this.used.add(key);
      found.push([rest, value]);
    }
    return found;
  }

  has(predicate: (key: string) => boolean): boolean {
    return Object.keys(this.attributes).some(predicate);
  }

  /** The attributes no mapper used, minus internal ones, at most `limit` of them. */
  rest(limit: number, skip: (key: string) => boolean): Attributes | undefined {
    const entries = Object.entries(this.attributes).filter(([k]) => !this.used.has(k) && !skip(k));
    return entries.length ? Object.fromEntries(entries.slice(0, limit)) : undefined;
  }
}

/** SDKs send objects as JSON strings: parse when it parses, else keep the string. */
export function parseJsonish(v: AttributeValue | undefined): unknown {
  if (typeof v !== "string") return v ?? undefined;
  const t = v.trim();
  if (!/^[[{"]|^(true|false|null|-?\d)/.test(t)) return v;
  try {
    return parseWellFormedJson(t);
  } catch {
    return v;
  }
}

export function stringOf(v: AttributeValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v);
}

export function numberOf(v: unknown): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

export function booleanOf(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (v === "true" || v === "false") return v === "true";
  return undefined;
}

/** A string array from an array attribute, a JSON array string, or one string. */
export function stringListOf(v: AttributeValue | undefined): string[] | undefined {
  const parsed = parseJsonish(v);
  if (typeof parsed === "string") return [parsed];
  if (!Array.isArray(parsed)) return undefined;
  return parsed
    .filter((x) => x !== null && x !== undefined)
    .map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
}

/** Unix nanoseconds (decimal string) → ISO 8601 with milliseconds; "0" means unset. */
export function isoFromNanos(nanos: string): string | undefined {
  if (!/^\d+$/.test(nanos) || /^0+$/.test(nanos)) return undefined;
  const ms = Number(BigInt(nanos) / 1_000_000n);
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw invalid(`OTLP time ${nanos.slice(0, 30)} is out of range`);
  return date.toISOString();
}

/** An ISO timestamp from an attribute (Langfuse sends it JSON-quoted), normalized. */
export function isoFromAttribute(v: AttributeValue | undefined): string | undefined {
  const parsed = parseJsonish(v);
  if (typeof parsed !== "string") return undefined;
  const ms = Date.parse(parsed);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
