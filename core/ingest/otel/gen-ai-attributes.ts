import { AttributeReader, numberOf, parseJsonish, stringOf } from "./attribute-reader";
import { defined, type ObservationDraft, type TraceDraft } from "./drafts";
import type { AttributeValue, OtlpSpanEvent } from "./otlp-request";
import { usageFromGenAi } from "./usage-details";

/** Operations of the OTel GenAI semconv that are model calls (not tools or agents). */
const MODEL_OPERATIONS = new Set(["chat", "text_completion", "generate_content", "embeddings", "completion"]);
/** Span events of the older GenAI semconv that carry the messages. */
const MESSAGE_EVENTS = new Map([
  ["gen_ai.system.message", "system"],
  ["gen_ai.user.message", "user"],
  ["gen_ai.assistant.message", "assistant"],
  ["gen_ai.tool.message", "tool"],
]);

/**
 * Maps the OTel GenAI semantic conventions (current names first, older ones as
 * fallbacks) onto an observation. A span counts as a generation when it names a
 * model, reports usage, or is a model-call operation.
 */
export function readGenAi(attrs: AttributeReader, events: readonly OtlpSpanEvent[]): { observation: ObservationDraft; trace: TraceDraft; isGeneration: boolean } {
  const operation = stringOf(attrs.get("gen_ai.operation.name"));
  const provider = stringOf(attrs.first("gen_ai.provider.name", "gen_ai.system"));
  const model = stringOf(attrs.first("gen_ai.response.model", "gen_ai.request.model"));
  const modelParameters = Object.fromEntries(attrs.withPrefix("gen_ai.request", (k) => k !== "model").map(([k, v]) => [k, parseJsonish(v)]));
  const count = (...keys: string[]) => numberOf(attrs.first(...keys));
  const usageDetails = usageFromGenAi({
    inputTokens: count("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"),
    outputTokens: count("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"),
    cacheReadTokens: count("gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cache_read_input_tokens"),
    cacheCreationTokens: count("gen_ai.usage.cache_creation.input_tokens", "gen_ai.usage.cache_creation_input_tokens"),
    reasoningTokens: count("gen_ai.usage.reasoning.output_tokens", "gen_ai.usage.reasoning_tokens"),
  });
  const details = events.find((e) => "gen_ai.input.messages" in e.attributes || "gen_ai.output.messages" in e.attributes);
  const detailAttrs = details ? new AttributeReader(details.attributes) : undefined;

  const observation: ObservationDraft = defined({
    model,
    modelParameters: Object.keys(modelParameters).length ? modelParameters : undefined,
    usageDetails,
    input: inputOf(attrs) ?? (detailAttrs && inputOf(detailAttrs)) ?? messagesFromEvents(events),
    output: outputOf(attrs) ?? (detailAttrs && outputOf(detailAttrs)) ?? choicesFromEvents(events),
    metadata: provider || operation ? defined({ provider, operationName: operation }) : undefined,
  });
  const sessionId = stringOf(attrs.get("gen_ai.conversation.id"));
  const isGeneration = model !== undefined || usageDetails !== undefined || (operation !== undefined && MODEL_OPERATIONS.has(operation));
  return { observation, trace: defined({ sessionId }), isGeneration };
}

function inputOf(attrs: AttributeReader): unknown {
  const messages = parseJsonish(attrs.get("gen_ai.input.messages"));
  const system = parseJsonish(attrs.get("gen_ai.system_instructions"));
  if (system !== undefined) {
    // System instructions are message parts; shown as the leading system message.
    const parts = Array.isArray(system) ? system : [{ type: "text", content: system }];
    return [{ role: "system", parts }, ...(Array.isArray(messages) ? messages : messages === undefined ? [] : [messages])];
  }
  return messages ?? parseJsonish(attrs.get("gen_ai.prompt")) ?? indexed(attrs, "gen_ai.prompt");
}

function outputOf(attrs: AttributeReader): unknown {
  return parseJsonish(attrs.get("gen_ai.output.messages")) ?? parseJsonish(attrs.get("gen_ai.completion")) ?? indexed(attrs, "gen_ai.completion");
}

/** OpenLLMetry-style flattened lists: `gen_ai.prompt.0.role`, `gen_ai.prompt.0.content`, … */
function indexed(attrs: AttributeReader, prefix: string): unknown[] | undefined {
  const items: Array<Array<[string, unknown]>> = [];
  for (const [rest, value] of attrs.withPrefix(prefix, (k) => /^\d+\.[^.]/.test(k))) {
    const dot = rest.indexOf(".");
    const index = Number(rest.slice(0, dot));
    if (index > 1000) continue; // a list index, not an attack on the array length
    (items[index] ??= []).push([rest.slice(dot + 1), parseJsonish(value)]);
  }
  const list = items.filter(Boolean).map((fields) => Object.fromEntries(fields));
  return list.length ? list : undefined;
}

function messagesFromEvents(events: readonly OtlpSpanEvent[]): unknown[] | undefined {
  const messages = events.filter((e) => MESSAGE_EVENTS.has(e.name)).map((e) => ({ role: MESSAGE_EVENTS.get(e.name), ...eventBody(e.attributes) }));
  return messages.length ? messages : undefined;
}

function choicesFromEvents(events: readonly OtlpSpanEvent[]): unknown {
  const choices = events.filter((e) => e.name === "gen_ai.choice").map((e) => eventBody(e.attributes));
  return choices.length === 0 ? undefined : choices.length === 1 ? choices[0] : choices;
}

/** Event attributes minus the repeated provider name, JSON strings parsed. */
function eventBody(attributes: Record<string, AttributeValue>): Record<string, unknown> {
  const entries = Object.entries(attributes).filter(([k]) => k !== "gen_ai.system" && k !== "gen_ai.provider.name");
  return Object.fromEntries(entries.map(([k, v]) => [k, parseJsonish(v)]));
}
