import { context, propagation, trace } from "@opentelemetry/api";

/**
 * Undoes a `provider.register()`. The OpenTelemetry API keeps its first registration for the whole process and
 * refuses later ones, and a fork runs many files (`isolate: false`): a provider left registered would keep the next
 * file's from registering, and that file's spans would never reach its exporter.
 */
export function releaseOtelGlobals(): void {
  trace.disable();
  context.disable();
  propagation.disable();
}
