import type { EventRuleDef } from "./event-rules";
import type { InvokedFunctionDef } from "./invoked-functions";
import type { WorkerDef } from "./queue-workers";
import type { RouteDef } from "./routes";
import type { ScheduleDef } from "./schedules";

/**
 * The classes of function the stacks deploy. Each class has its memory, timeout and reserved concurrency in
 * FUNCTION_SETTINGS; an entry of a function table overrides them only where it says so (docs/deployment.md,
 * "Function settings"). Every function runs on arm64 (stacks/lambda.ts, FUNCTION_DEFAULTS).
 */
export type FunctionClass =
  | "api-read"
  | "api-write"
  | "ingest-accept"
  | "worker"
  | "schedule"
  | "event"
  | "invoked"
  | "deploy";

export interface FunctionSettings {
  memoryMb: number;
  timeoutSeconds: number;
  /** Instances at most (Lambda reserved concurrency); none means the account's shared pool. */
  reservedConcurrency?: number;
}

export const FUNCTION_SETTINGS: Readonly<Record<FunctionClass, FunctionSettings>> = {
  // API Gateway's HTTP API stops waiting for an integration after 30 s: a longer timeout would run unanswered.
  "api-read": { memoryMb: 1024, timeoutSeconds: 30 },
  "api-write": { memoryMb: 1024, timeoutSeconds: 30 },
  // Accepting is validation, one object put and one message sent; never reserved, so a burst is not throttled
  // by a limit of ours before the queue can absorb it.
  "ingest-accept": { memoryMb: 1024, timeoutSeconds: 30 },
  // Each queue sets its own timeout below its visibility timeout (functions/queue-workers.ts).
  worker: { memoryMb: 1024, timeoutSeconds: 120 },
  schedule: { memoryMb: 1024, timeoutSeconds: 60 },
  event: { memoryMb: 1024, timeoutSeconds: 30 },
  // Called synchronously by an API route, which cannot wait beyond its own 30 s; the caller's memory, so a cold
  // start parses the SDKs as fast as the caller did when it carried them.
  invoked: { memoryMb: 1024, timeoutSeconds: 30 },
  // The migrations run once per deploy and may rewrite large tables: Lambda's longest timeout.
  deploy: { memoryMb: 1024, timeoutSeconds: 900 },
};

/** The routes that accept telemetry from SDKs and collectors. */
const INGEST_ACCEPT_HANDLERS = new Set([
  "functions/api/ingest/ingest-batch.handler",
  "functions/api/ingest/otel-traces.handler",
  "functions/api/ingest/otel-logs.handler",
]);

export function routeClass(route: RouteDef): FunctionClass {
  if (INGEST_ACCEPT_HANDLERS.has(route.handler)) return "ingest-accept";
  return route.method === "GET" ? "api-read" : "api-write";
}

/** A class's settings with what an entry of a function table sets for itself. */
function withOwn(base: FunctionSettings, own: Partial<FunctionSettings>): FunctionSettings {
  const settings: FunctionSettings = { ...base };
  if (own.memoryMb !== undefined) settings.memoryMb = own.memoryMb;
  if (own.timeoutSeconds !== undefined) settings.timeoutSeconds = own.timeoutSeconds;
  if (own.reservedConcurrency !== undefined) settings.reservedConcurrency = own.reservedConcurrency;
  return settings;
}

export const routeSettings = (route: RouteDef) => withOwn(FUNCTION_SETTINGS[routeClass(route)], route);
export const workerSettings = (worker: WorkerDef) => withOwn(FUNCTION_SETTINGS.worker, worker);
export const scheduleSettings = (schedule: ScheduleDef) => withOwn(FUNCTION_SETTINGS.schedule, schedule);
export const eventSettings = (rule: EventRuleDef) => withOwn(FUNCTION_SETTINGS.event, rule);
export const invokedSettings = (fn: InvokedFunctionDef) => withOwn(FUNCTION_SETTINGS.invoked, fn);
