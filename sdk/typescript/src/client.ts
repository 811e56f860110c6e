import { compilePrompt } from "./compile.js";
import { type Connection, platformEnv, resolveConnection } from "./connection.js";
import * as Datasets from "./datasets.js";
import { type DeliveryCounts, deliverer } from "./delivery.js";
import * as Evaluators from "./evaluators.js";
import { DEFAULT_QUEUE, EventQueue, type QueueSettings } from "./event-queue.js";
import type { EventType, GenerationBody, ObservationBody, ScoreBody, TraceBody } from "./events.js";
import { flushBeforeExit, forgetAtExit } from "./exit-hook.js";
import { DEFAULT_TIMEOUT_MS, request, type Transport } from "./http.js";
import { newId } from "./ids.js";
import { type OnError, reporter, warn } from "./problems.js";
import { type GetPromptOptions, type Prompt, PromptCache, type PromptRecord } from "./prompts.js";
import { type DatasetItem, fetchItems, type RunItemLink, reportRunItem } from "./runner.js";
import {
  createObservation,
  createScoreEvent,
  type EventSink,
  GenerationClient,
  SpanClient,
  TraceClient,
} from "./tracing.js";

export interface SightlineOptions extends Partial<Connection>, Partial<QueueSettings>, Transport {
  /** Set on every trace, observation and score that does not name one. */
  environment?: string;
  /** Set on every trace that does not name one. */
  release?: string;
  /** Receives what failed in the background (default: a console warning). Never called from inside your calls. */
  onError?: OnError;
  /** Flush when Node's event loop runs dry (default true). */
  flushOnExit?: boolean;
  /** Where `SIGHTLINE_*` settings are read from when not given (default `process.env` where there is one). */
  env?: Record<string, string | undefined>;
  /** The prompt cache's clock (ms), for tests. */
  now?: () => number;
}

export interface ClientStats {
  /** Accepted and not yet delivered. */
  queued: number;
  /** Accepted by the service. */
  sent: number;
  /** Refused by the service, or undeliverable after the retries. */
  failed: number;
  /** Never queued: the queue was full, or the client was shut down. */
  dropped: number;
}

type WithTrace<T> = T & { traceId: string; parentObservationId?: string };

/**
 * The Sightline client. Tracing calls only queue events and return at once; a background sender
 * posts them to `/v1/ingest` in batches (100 events, or every second), retrying 429s and 5xx. Call
 * `shutdown()` before the process ends (in Node, `beforeExit` flushes too).
 */
export class Sightline {
  readonly connection: Connection;
  private readonly transport: Transport;
  private readonly queue: EventQueue;
  private readonly prompts: PromptCache;
  private readonly counts: DeliveryCounts = { sent: 0, failed: 0 };
  private readonly sink: EventSink;
  private readonly traceDefaults: Record<string, unknown>;

  constructor(options: SightlineOptions = {}) {
    const env = options.env ?? platformEnv();
    this.connection = resolveConnection(options, env);
    this.transport = {
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries,
      fetch: options.fetch,
      sleep: options.sleep,
    };
    const report = reporter(options.onError ?? warn);
    const settings: QueueSettings = {
      flushAt: Math.max(1, options.flushAt ?? DEFAULT_QUEUE.flushAt),
      flushIntervalMs: options.flushIntervalMs ?? DEFAULT_QUEUE.flushIntervalMs,
      maxQueuedEvents: options.maxQueuedEvents ?? DEFAULT_QUEUE.maxQueuedEvents,
      maxConcurrentRequests: Math.max(1, options.maxConcurrentRequests ?? DEFAULT_QUEUE.maxConcurrentRequests),
    };
    this.queue = new EventQueue(settings, deliverer(this.connection, this.transport, report, this.counts), report);
    // A prompt fetch gets no retries: the caller is waiting, and the cache or the fallback covers a failure.
    const promptTransport = { ...this.transport, maxRetries: 0 };
    this.prompts = new PromptCache(
      (name, selector) => this.loadPrompt(name, selector, promptTransport),
      report,
      options.now,
    );
    const environment = options.environment ? { environment: options.environment } : {};
    this.traceDefaults = { ...environment, ...(options.release ? { release: options.release } : {}) };
    this.sink = { defaults: environment, enqueue: (type, body) => this.enqueue(type, body) };
    if (options.flushOnExit ?? true) flushBeforeExit(this);
  }

  /** Starts a trace (queues `trace-create`); `id` defaults to a new UUID. */
  trace(body: TraceBody = {}): TraceClient {
    const id = body.id ?? newId();
    this.enqueue("trace-create", { ...this.traceDefaults, timestamp: new Date(), ...body, id });
    return new TraceClient(this.sink, id);
  }

  /** A span of an existing trace, by id (e.g. a trace started in another process). */
  span(body: WithTrace<ObservationBody>): SpanClient {
    const { traceId, parentObservationId, ...rest } = body;
    return new SpanClient(
      this.sink,
      traceId,
      createObservation(this.sink, "span-create", traceId, parentObservationId, rest),
    );
  }

  generation(body: WithTrace<GenerationBody>): GenerationClient {
    const { traceId, parentObservationId, ...rest } = body;
    return new GenerationClient(
      this.sink,
      traceId,
      createObservation(this.sink, "generation-create", traceId, parentObservationId, rest),
    );
  }

  event(body: WithTrace<ObservationBody>): string {
    const { traceId, parentObservationId, ...rest } = body;
    return createObservation(this.sink, "event-create", traceId, parentObservationId, rest);
  }

  /** Queues a score (`score-create` in the next batch); answers its id. */
  score(body: ScoreBody & { traceId: string }): string {
    const { traceId, observationId, ...rest } = body;
    return createScoreEvent(this.sink, traceId, observationId, rest);
  }

  /** Records one score now (`POST /v1/scores`), e.g. user feedback that must be confirmed. */
  createScore(body: ScoreBody) {
    return Evaluators.createScore(this.connection, body, this.transport);
  }

  /** Delivers every event queued before the call; failures go to onError, never thrown. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /** Flushes, then refuses further events (they are counted as dropped). */
  async shutdown(): Promise<void> {
    forgetAtExit(this);
    await this.queue.close();
  }

  get pendingEvents(): number {
    return this.queue.pending;
  }

  stats(): ClientStats {
    return {
      queued: this.queue.pending,
      sent: this.counts.sent,
      failed: this.counts.failed,
      dropped: this.queue.dropped,
    };
  }

  /**
   * A prompt version (`channel` production unless `version` is given), from the in-process cache when
   * it holds one: fresh for `cacheTtlSeconds` (60), then served stale while one background fetch refreshes
   * it. When the service cannot answer and nothing is cached, `fallback` is served (`isFallback: true`).
   * @throws SightlineError or the network error when there is neither a cached value nor a fallback.
   */
  getPrompt(name: string, options?: GetPromptOptions): Promise<Prompt> {
    return this.prompts.get(name, options);
  }

  compilePrompt = compilePrompt;

  createDataset(body: { name: string; description?: string; metadata?: Record<string, unknown> }) {
    return Datasets.createDataset(this.connection, body, this.transport);
  }

  addDatasetItems(dataset: string, items: Datasets.NewDatasetItem[]) {
    return Datasets.addDatasetItems(this.connection, dataset, items, this.transport);
  }

  /** Every item of a dataset, in insertion order (a runner's work list). */
  getDatasetItems(dataset: string): Promise<DatasetItem[]> {
    return fetchItems(this.connection, `/v1/datasets/${encodeURIComponent(dataset)}`, this.transport);
  }

  createDatasetRun(dataset: string, run: Datasets.NewRun) {
    return Datasets.createDatasetRun(this.connection, dataset, run, this.transport);
  }

  /** Links one item to its trace within a run (created on first use). */
  createDatasetRunItem(link: RunItemLink) {
    return reportRunItem(this.connection, link, this.transport);
  }

  getDatasetRun(dataset: string, run: string) {
    return Datasets.getDatasetRun(this.connection, dataset, run, this.transport);
  }

  gateDatasetRun(dataset: string, run: string, thresholds: Record<string, number>) {
    return Datasets.gateDatasetRun(this.connection, dataset, run, thresholds, this.transport);
  }

  /** Starts an experiment run by Sightline over the dataset; the run comes back queued. */
  startExperiment(dataset: string, experiment: Datasets.NewExperiment) {
    return Datasets.startExperiment(this.connection, dataset, experiment, this.transport);
  }

  /**
   * Polls the run until its experiment ends (completed, failed or cancelled), telling `onProgress` each time.
   * @throws Error when the run is not an experiment run by Sightline.
   */
  async waitForExperiment(
    dataset: string,
    run: string,
    options: { intervalMs?: number; onProgress?: (progress: Datasets.ExperimentProgress) => void } = {},
  ) {
    for (;;) {
      const read = (await Datasets.getDatasetRun(
        this.connection,
        dataset,
        run,
        this.transport,
      )) as Datasets.ExperimentRun;
      if (!read.experiment)
        throw new Error(`Run '${run}' of dataset '${dataset}' is not an experiment run by Sightline`);
      options.onProgress?.(read.experiment);
      if (!["queued", "running"].includes(read.experiment.status)) return read;
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 500));
    }
  }

  cancelExperiment(dataset: string, run: string) {
    return Datasets.cancelExperiment(this.connection, dataset, run, this.transport);
  }

  compareDatasetRuns(dataset: string, runs: string[]) {
    return Datasets.compareDatasetRuns(this.connection, dataset, runs, this.transport);
  }

  runEvaluator(name: string, input: Evaluators.RunEvaluatorInput) {
    return Evaluators.runEvaluator(this.connection, name, input, this.transport);
  }

  /** Any other endpoint, with this client's key, timeout and retries. @throws SightlineError for a non-2xx answer. */
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return request<T>(this.connection, method, path, body, this.transport);
  }

  private enqueue(type: EventType, body: Record<string, unknown>) {
    this.queue.push({ type, at: Date.now(), body });
  }

  private loadPrompt(
    name: string,
    selector: { channel?: string; version?: number },
    transport: Transport,
  ): Promise<PromptRecord> {
    const query =
      selector.version !== undefined
        ? `version=${selector.version}`
        : `channel=${encodeURIComponent(selector.channel ?? "production")}`;
    return request<PromptRecord>(
      this.connection,
      "GET",
      `/v1/prompts/${encodeURIComponent(name)}?${query}`,
      undefined,
      transport,
    );
  }
}
