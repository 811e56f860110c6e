import { type ChatMessage, compilePrompt, type PromptContent, type PromptVariables } from "./compile.js";
import type { OnError } from "./problems.js";

/** A prompt version as the service resolved it (includes expanded), or the fallback. */
export interface Prompt {
  name: string;
  version: number;
  type: "TEXT" | "CHAT";
  content: PromptContent;
  config: Record<string, unknown>;
  labels: string[];
  /** True when this is the caller's fallback because the service could not answer. */
  isFallback: boolean;
  /** The content with variables substituted and placeholder slots filled, as compilePrompt does. */
  compile(variables?: PromptVariables, placeholders?: Record<string, ChatMessage[]>): string | ChatMessage[];
}

export interface GetPromptOptions {
  /** The label to resolve (default `production`); ignored when `version` is given. */
  channel?: string;
  version?: number;
  /** How long a fetched prompt is fresh (default 60). After that it is still served while a refresh runs. */
  cacheTtlSeconds?: number;
  /** Served when the service cannot answer and nothing is cached. */
  fallback?: PromptContent;
}

export interface PromptRecord {
  name: string;
  version: number;
  type: "TEXT" | "CHAT";
  content: PromptContent;
  config?: Record<string, unknown>;
  labels?: string[];
}

interface Entry {
  prompt: Prompt;
  freshUntil: number;
}

export const DEFAULT_CACHE_TTL_SECONDS = 60;

function toPrompt(record: PromptRecord, isFallback: boolean): Prompt {
  const { name, version, type, content } = record;
  return {
    name,
    version,
    type,
    content,
    config: record.config ?? {},
    labels: record.labels ?? [],
    isFallback,
    compile: (variables, placeholders) => compilePrompt(content, variables, placeholders),
  };
}

/**
 * The in-process prompt cache, stale-while-revalidate: a fresh entry is served at once; a stale one is
 * served at once too while one background fetch replaces it; a miss waits for the fetch (one per key, however
 * many callers ask). When that fetch fails, a stale entry wins over the fallback.
 */
export class PromptCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Prompt>>();

  constructor(
    private readonly load: (name: string, selector: { channel?: string; version?: number }) => Promise<PromptRecord>,
    private readonly report: OnError,
    private readonly now: () => number = Date.now,
  ) {}

  async get(name: string, options: GetPromptOptions = {}): Promise<Prompt> {
    const selector =
      options.version !== undefined ? { version: options.version } : { channel: options.channel ?? "production" };
    const key = `${name}\u0000${selector.version ?? ""}\u0000${selector.channel ?? ""}`;
    const ttlMs = Math.max(0, options.cacheTtlSeconds ?? DEFAULT_CACHE_TTL_SECONDS) * 1000;
    const entry = this.entries.get(key);
    if (entry && ttlMs > 0) {
      if (this.now() >= entry.freshUntil)
        this.fetch(key, name, selector, ttlMs).catch((error) =>
          this.report({
            kind: "prompt",
            count: 1,
            message: `refreshing prompt '${name}' failed, serving version ${entry.prompt.version} from the cache: ${messageOf(error)}`,
          }),
        );
      return entry.prompt;
    }
    try {
      return await this.fetch(key, name, selector, ttlMs);
    } catch (error) {
      if (entry) {
        this.report({
          kind: "prompt",
          count: 1,
          message: `fetching prompt '${name}' failed, serving version ${entry.prompt.version} from the cache: ${messageOf(error)}`,
        });
        return entry.prompt;
      }
      if (options.fallback === undefined) throw error;
      this.report({
        kind: "prompt",
        count: 1,
        message: `fetching prompt '${name}' failed, serving the fallback: ${messageOf(error)}`,
      });
      return toPrompt(
        { name, version: 0, type: typeof options.fallback === "string" ? "TEXT" : "CHAT", content: options.fallback },
        true,
      );
    }
  }

  /** Forgets every cached prompt (a test, or a deploy that must see new labels at once). */
  clear() {
    this.entries.clear();
  }

  private fetch(
    key: string,
    name: string,
    selector: { channel?: string; version?: number },
    ttlMs: number,
  ): Promise<Prompt> {
    const running = this.loading.get(key);
    if (running) return running;
    const started = this.load(name, selector)
      .then((record) => {
        const prompt = toPrompt(record, false);
        this.entries.set(key, { prompt, freshUntil: this.now() + ttlMs });
        return prompt;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, started);
    return started;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
