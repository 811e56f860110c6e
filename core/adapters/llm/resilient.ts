import {
  LlmCallError,
  type LlmCredentials,
  type LlmProvider,
  type LlmProviderName,
  type LlmProviders,
  type LlmRequest,
  type LlmStreamEvent,
} from "../../platform/ports";
import type { Connector } from "./raw-provider";

export interface LlmPolicy {
  /** Requests in flight at once per provider, in this process. */
  concurrency: number;
  /** Time limit of one attempt. */
  timeoutMs: number;
  /** Attempts after the first, for 429, 5xx, time-outs and connection failures. */
  maxRetries: number;
  /** Longest `retry-after` honoured; a provider asking for more fails the call at once. */
  maxRetryAfterMs: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_LLM_POLICY: LlmPolicy = {
  concurrency: 4,
  timeoutMs: 30_000,
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  baseBackoffMs: 500,
  maxBackoffMs: 8_000,
};

/** A counting semaphore that hands a released permit straight to the next waiter (FIFO). */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/** One bound of `concurrency` calls in flight per provider, made when the provider is first called. */
export function permitsPerProvider(concurrency: number): (name: LlmProviderName) => Semaphore {
  const permits = new Map<LlmProviderName, Semaphore>();
  return (name) => {
    let semaphore = permits.get(name);
    if (!semaphore) {
      semaphore = new Semaphore(concurrency);
      permits.set(name, semaphore);
    }
    return semaphore;
  };
}

export interface ResilienceHooks {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The process's providers: each call holds one of the provider's permits only while a request is in flight
 * (not while it waits to retry), so judge fan-out never exceeds `concurrency` requests per provider. 429 and
 * 5xx are retried after the provider's `retry-after` when it gives one, else after exponential backoff with
 * jitter; time-outs and connection failures are retried the same way.
 */
export function resilientProviders(
  connectors: Partial<Record<LlmProviderName, Connector>>,
  policy: LlmPolicy,
  hooks: ResilienceHooks = {},
  fetch: typeof globalThis.fetch = globalThis.fetch,
): LlmProviders {
  const sleep = hooks.sleep ?? defaultSleep;
  const random = hooks.random ?? Math.random;
  const permitOf = permitsPerProvider(policy.concurrency);
  const backoff = (attempt: number) =>
    Math.min(policy.maxBackoffMs, policy.baseBackoffMs * 2 ** attempt) * (0.5 + random() / 2);

  return {
    get(name: LlmProviderName, credentials: LlmCredentials | null): LlmProvider {
      const connector = connectors[name];
      if (!connector) throw new LlmCallError("refused", `${name}: no connector for this provider`);
      const raw = connector(credentials, fetch);
      const semaphore = permitOf(name);
      const failureOf = (error: unknown) =>
        error instanceof LlmCallError
          ? error
          : new LlmCallError("connection", `${name}: ${error instanceof Error ? error.message : String(error)}`);
      /** The wait before another attempt, or the error to throw instead. */
      const nextWait = (failure: LlmCallError, attempt: number): number => {
        if (!failure.transient || attempt >= policy.maxRetries) throw failure;
        const wait = failure.retryAfterMs ?? backoff(attempt);
        if (wait > policy.maxRetryAfterMs)
          throw new LlmCallError(
            failure.kind,
            `${failure.message} (retry-after ${Math.ceil(wait / 1000)} s exceeds the ${policy.maxRetryAfterMs / 1000} s limit)`,
            failure.status,
          );
        return wait;
      };
      return {
        // Only opening is retried: once events flowed, a failure is the caller's to show (docs/playground.md).
        async stream(request: LlmRequest, options: { signal?: AbortSignal } = {}) {
          if (!raw.stream) throw new LlmCallError("refused", `${name}: this provider does not stream`);
          for (let attempt = 0; ; attempt++) {
            await semaphore.acquire();
            try {
              const events = await raw.stream(request, { timeoutMs: policy.timeoutMs, ...options });
              return holdingPermit(events, () => semaphore.release());
            } catch (error) {
              semaphore.release();
              if (options.signal?.aborted) throw failureOf(error);
              await sleep(nextWait(failureOf(error), attempt));
            }
          }
        },
        async complete(request: LlmRequest) {
          for (let attempt = 0; ; attempt++) {
            let failure: LlmCallError;
            await semaphore.acquire();
            try {
              return await raw(request, { timeoutMs: policy.timeoutMs });
            } catch (error) {
              failure = failureOf(error);
            } finally {
              semaphore.release();
            }
            await sleep(nextWait(failure, attempt));
          }
        },
      };
    },
  };
}

/**
 * The events of an open stream, holding the provider's permit while the request is in flight: released once
 * the stream ends, fails or is returned early. A caller that opens a stream must iterate it or return it.
 */
function holdingPermit(events: AsyncIterable<LlmStreamEvent>, release: () => void): AsyncIterable<LlmStreamEvent> {
  let released = false;
  const once = () => {
    if (!released) {
      released = true;
      release();
    }
  };
  return {
    async *[Symbol.asyncIterator]() {
      try {
        yield* events;
      } finally {
        once();
      }
    },
  };
}
