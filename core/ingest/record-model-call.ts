import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import { PLATFORM_ENVIRONMENT } from "../telemetry";
import { acceptBatch } from "./accept-batch";

/** Who in Sightline made the call; kept as the tag `sightline:<source>` and in the trace metadata. */
export type ModelCallSource = "playground" | "experiment" | "judge";

export interface ModelCall {
  source: ModelCallSource;
  /** The trace to record into (an experiment item's, so a run item can point at it); a new id otherwise. */
  traceId?: string;
  /** The trace's name, e.g. `playground`, `experiment <run>`, `judge <evaluator>`. */
  name: string;
  provider: string;
  model: string;
  /** What the model was sent (its messages) and what it answered. */
  input: unknown;
  output: unknown;
  modelParameters?: Record<string, unknown>;
  usage: { input: number; output: number };
  /** USD when the caller priced the call itself; otherwise the ingest worker prices it from the model registry. */
  costUsd?: number | null;
  startTime: Date;
  endTime: Date;
  /** When the provider answered first (streamed calls), for time to first token. */
  completionStartTime?: Date;
  /** A failed call is recorded too, with the provider's message. */
  error?: string;
  metadata?: Record<string, unknown>;
  /** The prompt version the messages were compiled from, linking the generation to it. */
  prompt?: { name: string; version: number };
}

function eventsOf(call: ModelCall, traceId: string, generationId: string, at: string): Record<string, unknown>[] {
  const metadata = { ...call.metadata, sightline: { source: call.source, provider: call.provider } };
  return [
    {
      id: `${generationId}-trace`,
      type: "trace-create",
      timestamp: at,
      body: {
        id: traceId,
        name: call.name,
        environment: PLATFORM_ENVIRONMENT,
        tags: [`sightline:${call.source}`],
        metadata,
        input: call.input,
        output: call.output,
        timestamp: call.startTime.toISOString(),
      },
    },
    {
      id: generationId,
      type: "generation-create",
      timestamp: at,
      body: {
        id: generationId,
        traceId,
        name: `${call.provider}/${call.model}`,
        environment: PLATFORM_ENVIRONMENT,
        model: call.model,
        modelParameters: call.modelParameters ?? null,
        input: call.input,
        output: call.output,
        startTime: call.startTime.toISOString(),
        endTime: call.endTime.toISOString(),
        completionStartTime: call.completionStartTime?.toISOString() ?? null,
        usageDetails: { input: call.usage.input, output: call.usage.output },
        costDetails: call.costUsd == null ? null : { total: call.costUsd },
        level: call.error ? "ERROR" : "DEFAULT",
        statusMessage: call.error ?? null,
        promptName: call.prompt?.name ?? null,
        promptVersion: call.prompt?.version ?? null,
        metadata,
      },
    },
  ];
}

/**
 * Records model calls Sightline made for a project as traces of that project, each with one generation, in the
 * reserved environment. They take the ingest path (blob, queue, worker), so they are priced, retained and
 * erased like any trace. Answers the trace id of each call, in order.
 */
export async function recordModelCalls(
  deps: Pick<Deps, "db" | "blobs" | "queues" | "clock" | "ids" | "config" | "caches">,
  projectId: Pick<Principal, "projectId">,
  calls: readonly ModelCall[],
): Promise<string[]> {
  if (calls.length === 0) return [];
  const at = deps.clock.now().toISOString();
  const traceIds = calls.map((c) => c.traceId ?? deps.ids.uuid());
  const batch = calls.flatMap((call, i) => eventsOf(call, traceIds[i]!, deps.ids.uuid(), at));
  // Masked by the project's PII policy like any trace, but never sampled out: an experiment's run items and
  // its scores point at these traces, and what Sightline spends must add up.
  const answer = await acceptBatch(deps, projectId, { batch, sdk: null, unsampled: true });
  // Our own events are well formed; a refusal here is a bug worth hearing about, not a silent loss.
  if (answer.errors.length > 0)
    throw new Error(`recording model calls refused: ${answer.errors.map((e) => e.message).join("; ")}`);
  return traceIds;
}
