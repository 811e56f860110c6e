/** A random UUID from Web Crypto, present in Node 20, browsers (secure contexts) and edge runtimes. */
export const newId = (): string => crypto.randomUUID();

/** ISO-8601 with milliseconds, as the service stores timestamps. */
export const iso = (t: Date | string | undefined): string | undefined =>
  t === undefined ? undefined : typeof t === "string" ? t : t.toISOString();
