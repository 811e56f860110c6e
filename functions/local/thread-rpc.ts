import type { MessagePort, Worker } from "node:worker_threads";

/*
 * Calls across the boundary between the API's thread and the local ingest worker's thread (docs/ingest.md,
 * "The local worker") and the embedded Postgres thread: each side asks the other by name, with structured-cloneable
 * arguments, and an error comes back as its message, name and primitive fields (classes do not cross a thread).
 */

export type Endpoint = Pick<MessagePort | Worker, "postMessage" | "on" | "off">;

type Message =
  | { rpc: "call"; id: number; name: string; args: unknown[] }
  | { rpc: "reply"; id: number; ok: true; value: unknown }
  | { rpc: "reply"; id: number; ok: false; error: CrossedError };

/** An error as it crosses: its message, name and primitive own fields (a Postgres error's `code`, `constraint`, …). */
interface CrossedError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

export type Handlers = Record<string, (...args: never[]) => unknown>;

export interface Rpc {
  call<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
  /** As `call`, moving the buffers of `transfer` to the other side (they are unusable on this one afterwards). */
  transferring<T = unknown>(name: string, args: unknown[], transfer: readonly ArrayBuffer[]): Promise<T>;
  /** Rejects every call still waiting for its answer, and every later one (the other side is gone). */
  failPending(error: Error): void;
  close(): void;
}

/** Answers the other side's calls with `handlers` and sends this side's calls. */
export function connectRpc(endpoint: Endpoint, handlers: Handlers): Rpc {
  let next = 0;
  let gone: Error | null = null;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const onMessage = (m: Message) => {
    if (!m || typeof m !== "object" || !("rpc" in m)) return;
    if (m.rpc === "call") void answer(m);
    else {
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.ok) w.resolve(m.value);
      else w.reject(Object.assign(new Error(m.error.message), m.error.fields, { name: m.error.name }));
    }
  };
  async function answer(m: Extract<Message, { rpc: "call" }>) {
    try {
      const handler = handlers[m.name];
      if (!handler) throw new Error(`Unknown call: ${m.name}`);
      const value = await (handler as (...args: unknown[]) => unknown)(...m.args);
      endpoint.postMessage({ rpc: "reply", id: m.id, ok: true, value } satisfies Message);
    } catch (e) {
      endpoint.postMessage({ rpc: "reply", id: m.id, ok: false, error: crossed(e) } satisfies Message);
    }
  }
  endpoint.on("message", onMessage);
  function send<T>(name: string, args: unknown[], transfer: readonly ArrayBuffer[]): Promise<T> {
    if (gone) return Promise.reject(gone);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      endpoint.postMessage({ rpc: "call", id, name, args } satisfies Message, [...transfer]);
    });
  }
  return {
    call: (name, ...args) => send(name, args, []),
    transferring: send,
    failPending(error) {
      gone = error;
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
    },
    close() {
      endpoint.off("message", onMessage);
    },
  };
}

/**
 * What the other side's error keeps: callers classify errors by their fields (a unique violation by `code` and
 * `constraint`: core/platform/db-errors.ts), and classes do not cross a thread.
 */
function crossed(e: unknown): CrossedError {
  if (!(e instanceof Error)) return { message: String(e), name: "Error", fields: {} };
  const fields: CrossedError["fields"] = {};
  for (const [key, value] of Object.entries(e))
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  return { message: e.message, name: e.name, fields };
}

/** An object whose methods `methods` call `prefix.method` on the other side. */
export function remoteObject<T>(rpc: Rpc, prefix: string, methods: readonly string[]): T {
  return Object.fromEntries(methods.map((m) => [m, (...args: unknown[]) => rpc.call(`${prefix}.${m}`, ...args)])) as T;
}

/**
 * The buffer of `bytes` when they are all of it, so that it can be moved to another thread; null for a view of a
 * larger buffer (a slice of Node's shared pool must never be moved: the rest of it is someone else's).
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer | null {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? buffer
    : null;
}

/** Handlers that call `methods` of `target` under `prefix.method`. */
export function serveObject(prefix: string, target: object, methods: readonly string[]): Handlers {
  const t = target as Record<string, (...args: unknown[]) => unknown>;
  return Object.fromEntries(methods.map((m) => [`${prefix}.${m}`, (...args: unknown[]) => t[m]!.apply(target, args)]));
}
