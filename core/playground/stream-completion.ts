import * as Evaluators from "../evaluators";
import * as Ingest from "../ingest";
import type { Deps } from "../platform/deps";
import { AppError, invalid, providerError, unprocessable } from "../platform/errors";
import { LlmCallError, type LlmCredentials, type LlmRequest, type LlmStreamEvent } from "../platform/ports";
import type { Principal } from "../platform/principal";
import * as Pricing from "../pricing";
import { compileMessages } from "./compile-messages";
import type { CompletionInput, PlaygroundEvent, PlaygroundMessage } from "./playground.schema";

export type PlaygroundDeps = Pick<
  Deps,
  "db" | "config" | "caches" | "keyRing" | "llm" | "clock" | "ids" | "log" | "blobs" | "queues"
>;

const CANCELLED = "cancelled: the client closed the connection";

/** Keys as OpenAI and Anthropic echo them in errors (`sk-ab***yz`), however masked: never shown back. */
const KEY_LIKE = /\b(sk|pk)-[A-Za-z0-9_*.-]{4,}/g;

function redact(message: string, credentials: LlmCredentials | null): string {
  const key = credentials?.apiKey;
  const clean = key && key.length >= 4 ? message.split(key).join("***") : message;
  return clean.replace(KEY_LIKE, "$1-***");
}

/**
 * A provider's refusal (its 4xx, the address policy) is the request's fault: 422; anything else is the provider's:
 * 502. The details name the trace the failed call was recorded as.
 */
function toAppError(error: unknown, credentials: LlmCredentials | null, traceId: string): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof LlmCallError)) throw error;
  const message = redact(error.message, credentials);
  const details = {
    provider: { kind: error.kind, ...(error.status !== undefined ? { status: error.status } : {}) },
    traceId,
  };
  return error.kind === "refused" ? unprocessable(message, details) : providerError(message, details);
}

function requestOf(input: CompletionInput, messages: PlaygroundMessage[]): LlmRequest {
  const { temperature, maxTokens, topP, stop } = input.parameters;
  const format = input.responseFormat;
  return {
    model: input.model,
    messages,
    ...(temperature !== undefined ? { temperature } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(topP !== undefined ? { topP } : {}),
    ...(stop ? { stop } : {}),
    ...(format
      ? {
          responseFormat:
            format.type === "json_object"
              ? { type: "json" as const }
              : {
                  type: "json_schema" as const,
                  name: format.name,
                  schema: format.schema,
                  ...(format.strict !== undefined ? { strict: format.strict } : {}),
                },
        }
      : {}),
    ...(input.tools?.length ? { tools: input.tools } : {}),
    ...(input.toolChoice !== undefined ? { toolChoice: input.toolChoice } : {}),
  };
}

/**
 * Opens a streamed completion for the playground: compiles the prompt, opens the project's credentials and
 * the provider's stream, so every refusal is known before the first byte; then yields `start`, the deltas and
 * tool calls, and `done` (usage, cost with the project's prices first, latency) or `error`. Every call that
 * reached the provider is recorded as a trace in the environment `sightline` (docs/playground.md).
 * @throws invalid_input when the provider has no credentials or a prompt variable has no value.
 * @throws not_found when the prompt, version or label does not exist.
 * @throws unprocessable when the provider refuses the request (its 4xx: a bad key, an unknown model).
 * @throws provider_error when the provider fails (5xx, time-out, unreachable).
 */
export async function streamCompletion(
  deps: PlaygroundDeps,
  principal: Principal,
  input: CompletionInput,
  options: { signal?: AbortSignal } = {},
): Promise<AsyncIterable<PlaygroundEvent>> {
  const projectId = principal.projectId;
  const { messages, prompt } = await compileMessages(deps, projectId, input);
  const [opened, prices] = await Promise.all([
    Evaluators.openCredentials(deps, projectId, [input.provider]),
    Pricing.customPriceEntries(deps, projectId),
  ]);
  const credentials = opened.get(input.provider) ?? null;
  if (input.provider !== "mock" && !credentials)
    throw invalid(
      `No credentials for provider "${input.provider}" in this project: PUT /v1/providers/${input.provider}`,
    );

  const request = requestOf(input, messages);
  const traceId = deps.ids.uuid();
  const startedAt = deps.clock.now();
  const call = (outcome: {
    output: unknown;
    usage?: { input: number; output: number };
    model?: string;
    costUsd?: number | null;
    firstAt?: Date;
    error?: string;
  }): Ingest.ModelCall => ({
    source: "playground",
    traceId,
    name: "playground",
    provider: input.provider,
    model: outcome.model ?? input.model,
    input: input.tools?.length
      ? { messages, tools: input.tools, ...(input.toolChoice !== undefined ? { toolChoice: input.toolChoice } : {}) }
      : messages,
    output: outcome.output,
    modelParameters: { ...input.parameters, ...(input.responseFormat ? { responseFormat: input.responseFormat } : {}) },
    usage: outcome.usage ?? { input: 0, output: 0 },
    costUsd: outcome.costUsd ?? null,
    startTime: startedAt,
    endTime: deps.clock.now(),
    ...(outcome.firstAt ? { completionStartTime: outcome.firstAt } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(prompt ? { prompt } : {}),
  });
  // The answer is already on its way (or refused): a failure to record it is logged, never shown instead.
  const record = async (c: Ingest.ModelCall) => {
    try {
      await Ingest.recordModelCalls(deps, principal, [c]);
    } catch (error) {
      deps.log.error("playground call not recorded", {
        traceId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  let events: AsyncIterable<LlmStreamEvent>;
  try {
    events = await deps.llm
      .get(input.provider, credentials)
      .stream(request, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    const failure = toAppError(error, credentials, traceId);
    await record(call({ output: null, error: failure.message }));
    throw failure;
  }
  return relay(events);

  async function* relay(source: AsyncIterable<LlmStreamEvent>): AsyncGenerator<PlaygroundEvent> {
    let text = "";
    const toolCalls: { id: string; name: string; arguments: string }[] = [];
    let firstAt: Date | undefined;
    let recorded = false;
    const output = () => (toolCalls.length ? { text, toolCalls } : text);
    try {
      yield { event: "start", data: { traceId, provider: input.provider, model: input.model, messages, prompt } };
      let done: Extract<LlmStreamEvent, { type: "done" }> | null = null;
      let failure: { code: string; message: string } | null = null;
      try {
        for await (const e of source) {
          if (e.type === "done") {
            done = e;
            continue;
          }
          firstAt ??= deps.clock.now();
          if (e.type === "text") {
            text += e.text;
            yield { event: "delta", data: { text: e.text } };
          } else {
            let slot = toolCalls[e.index];
            if (!slot) {
              slot = { id: "", name: "", arguments: "" };
              toolCalls[e.index] = slot;
            }
            if (e.id) slot.id = e.id;
            if (e.name) slot.name = e.name;
            slot.arguments += e.arguments;
            yield {
              event: "tool_call",
              data: {
                index: e.index,
                ...(e.id ? { id: e.id } : {}),
                ...(e.name ? { name: e.name } : {}),
                arguments: e.arguments,
              },
            };
          }
        }
      } catch (error) {
        if (error instanceof LlmCallError) failure = toAppError(error, credentials, traceId);
        else {
          // A bug, not the provider: logged with its cause, shown as the generic 500 message would be.
          deps.log.error("playground stream failed", {
            traceId,
            error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
          });
          failure = { code: "internal_error", message: "Internal server error" };
        }
      }
      if (failure || !done) {
        const message = options.signal?.aborted
          ? CANCELLED
          : (failure?.message ?? `${input.provider}: the stream ended without a final event`);
        recorded = true;
        await record(call({ output: output(), firstAt, error: message }));
        yield { event: "error", data: { code: failure?.code ?? "provider_error", message, traceId } };
        return;
      }
      const costUsd = Pricing.resolveCost({ model: done.model, usageDetails: done.usage }, prices)?.totalCost ?? null;
      recorded = true;
      await record(call({ output: output(), usage: done.usage, model: done.model, costUsd, firstAt }));
      const endedAt = deps.clock.now();
      yield {
        event: "done",
        data: {
          traceId,
          model: done.model,
          finishReason: done.finishReason,
          output: { text, toolCalls: toolCalls.filter(Boolean) },
          usage: { ...done.usage, total: done.usage.input + done.usage.output },
          costUsd,
          latency: {
            totalMs: endedAt.getTime() - startedAt.getTime(),
            timeToFirstTokenMs: firstAt ? firstAt.getTime() - startedAt.getTime() : null,
          },
        },
      };
    } finally {
      // The client went away mid-stream: the call still cost something, so it is recorded as cancelled.
      if (!recorded) await record(call({ output: output(), firstAt, error: CANCELLED }));
    }
  }
}
