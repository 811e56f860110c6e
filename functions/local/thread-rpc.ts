import type { MessagePort, Worker } from "node:worker_threads";

/*
 * Calls across the boundary between the API's thread and the local ingest worker's thread (docs/ingest.md,
 * "The local worker"): each side asks the other by name, with structured-cloneable arguments, and an error
 * comes back as its message (classes do not cross a thread).
 */

export type Endpoint = Pick<MessagePort | Worker, "postMessage" | "on" | "off">;

type Message =
  | { rpc: "call"; id: number; name: string; args: unknown[] }
  | { rpc: "reply"; id: number; ok: true; value: unknown }
  | { rpc: "reply"; id: number; ok: false; error: { message: string; name: string } };

export type Handlers = Record<string, (...args: never[]) => unknown>;

export interface Rpc {
  call<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
  /** Rejects every call still waiting for its answer (the other side is gone). */
  failPending(error: Error): void;
  close(): void;
}

/** Answers the other side's calls with `handlers` and sends this side's calls. */
export function connectRpc(endpoint: Endpoint, handlers: Handlers): Rpc {
  let next = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const onMessage = (m: Message) => {
    if (!m || typeof m !== "object" || !("rpc" in m)) return;
    if (m.rpc === "call") void answer(m);
    else {
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.ok) w.resolve(m.value);
      else w.reject(Object.assign(new Error(m.error.message), { name: m.error.name }));
    }
  };
  async function answer(m: Extract<Message, { rpc: "call" }>) {
    try {
      const handler = handlers[m.name];
      if (!handler) throw new Error(`Unknown call: ${m.name}`);
      const value = await (handler as (...args: unknown[]) => unknown)(...m.args);
      endpoint.postMessage({ rpc: "reply", id: m.id, ok: true, value } satisfies Message);
    } catch (e) {
      const error = e instanceof Error ? { message: e.message, name: e.name } : { message: String(e), name: "Error" };
      endpoint.postMessage({ rpc: "reply", id: m.id, ok: false, error } satisfies Message);
    }
  }
  endpoint.on("message", onMessage);
  return {
    call<T>(name: string, ...args: unknown[]) {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        endpoint.postMessage({ rpc: "call", id, name, args } satisfies Message);
      });
    },
    failPending(error) {
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
    },
    close() {
      endpoint.off("message", onMessage);
    },
  };
}

/** An object whose methods `methods` call `prefix.method` on the other side. */
export function remoteObject<T>(rpc: Rpc, prefix: string, methods: readonly string[]): T {
  return Object.fromEntries(methods.map((m) => [m, (...args: unknown[]) => rpc.call(`${prefix}.${m}`, ...args)])) as T;
}

/** Handlers that call `methods` of `target` under `prefix.method`. */
export function serveObject(prefix: string, target: object, methods: readonly string[]): Handlers {
  const t = target as Record<string, (...args: unknown[]) => unknown>;
  return Object.fromEntries(methods.map((m) => [`${prefix}.${m}`, (...args: unknown[]) => t[m]!.apply(target, args)]));
}
