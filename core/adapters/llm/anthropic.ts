import { BaseAnthropic } from "@anthropic-ai/sdk/client";
import {
  type MessageCreateParamsBase,
  type MessageParam,
  Messages,
  type RawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/messages";
import type { LlmCredentials, LlmMessage, LlmRequest, LlmStreamEvent } from "../../platform/ports";
import { type RawProvider, toCallError } from "./raw-provider";

export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
/** The Messages API requires `max_tokens`; a judge's JSON answer fits well within it. */
const DEFAULT_MAX_TOKENS = 1024;

/**
 * The SDK's client with only the Messages resource: the full `Anthropic` client carries every resource and
 * agent tool (430 KB in a bundle against 125 KB; docs/deployment.md).
 */
class MessagesClient extends BaseAnthropic {
  messages = new Messages(this);
}

const parseArguments = (text: string): unknown => {
  try {
    return JSON.parse(text || "{}");
  } catch {
    return {};
  }
};

/** Assistant tool calls become `tool_use` blocks, tool answers `tool_result` blocks of a user turn. */
function messageOf(m: LlmMessage): MessageParam {
  if (m.role === "tool")
    return { role: "user", content: [{ type: "tool_result", tool_use_id: m.toolCallId ?? "", content: m.content }] };
  if (m.role === "assistant" && m.toolCalls?.length) {
    return {
      role: "assistant",
      content: [
        ...(m.content ? [{ type: "text" as const, text: m.content }] : []),
        ...m.toolCalls.map((c) => ({
          type: "tool_use" as const,
          id: c.id,
          name: c.name,
          input: parseArguments(c.arguments),
        })),
      ],
    };
  }
  return { role: m.role === "assistant" ? "assistant" : "user", content: m.content };
}

function toolsOf(request: LlmRequest): Pick<MessageCreateParamsBase, "tools" | "tool_choice"> {
  if (!request.tools?.length) return {};
  const choice = request.toolChoice;
  const toolChoice =
    choice === undefined
      ? undefined
      : choice === "auto"
        ? { type: "auto" as const }
        : choice === "none"
          ? { type: "none" as const }
          : choice === "required"
            ? { type: "any" as const }
            : { type: "tool" as const, name: choice.name };
  return {
    tools: request.tools.map((t) => ({
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      input_schema: { type: "object" as const, ...t.parameters },
    })),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
  };
}

/** System messages go into `system`; a `json_schema` format is the API's structured output (`output_config`). */
function paramsOf(request: LlmRequest): MessageCreateParamsBase {
  const system = request.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n\n");
  const format = request.responseFormat?.type === "json_schema" ? request.responseFormat.schema : null;
  return {
    model: request.model,
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages: request.messages.filter((m) => m.role !== "system").map(messageOf),
    ...(system ? { system } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.topP !== undefined ? { top_p: request.topP } : {}),
    ...(request.stop?.length ? { stop_sequences: request.stop } : {}),
    ...(format ? { output_config: { format: { type: "json_schema" as const, schema: format } } } : {}),
    ...toolsOf(request),
  };
}

/**
 * The Messages API through the official `@anthropic-ai/sdk`. Options are passed explicitly so
 * ANTHROPIC_BASE_URL and friends never apply; the SDK's own retries are off.
 */
export function anthropicConnector(credentials: LlmCredentials | null, fetch: typeof globalThis.fetch): RawProvider {
  const client = new MessagesClient({
    apiKey: credentials?.apiKey ?? "",
    baseURL: credentials?.baseUrl || ANTHROPIC_DEFAULT_BASE_URL,
    webhookKey: null,
    maxRetries: 0,
    fetch,
  });
  const complete = async (request: LlmRequest, { timeoutMs }: { timeoutMs: number }) => {
    try {
      const message = await client.messages.create(
        { ...paramsOf(request), stream: false },
        { timeout: timeoutMs, maxRetries: 0 },
      );
      const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
      return {
        text,
        usage: { input: message.usage?.input_tokens ?? 0, output: message.usage?.output_tokens ?? 0 },
        model: message.model || request.model,
      };
    } catch (error) {
      throw toCallError(error, "anthropic");
    }
  };
  const stream = async (
    request: LlmRequest,
    { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<AsyncIterable<LlmStreamEvent>> => {
    try {
      const raw = await client.messages.create(
        { ...paramsOf(request), stream: true },
        { timeout: timeoutMs, maxRetries: 0, ...(signal ? { signal } : {}) },
      );
      return events(raw, request.model);
    } catch (error) {
      throw toCallError(error, "anthropic");
    }
  };
  return Object.assign(complete, { stream });
}

/** Stream events to port events: tool calls are numbered in the order their blocks open. */
async function* events(raw: AsyncIterable<RawMessageStreamEvent>, requested: string): AsyncGenerator<LlmStreamEvent> {
  let model = "";
  let finishReason: string | null = null;
  const usage = { input: 0, output: 0 };
  const toolIndex = new Map<number, number>();
  try {
    for await (const event of raw) {
      if (event.type === "message_start") {
        model = event.message.model;
        usage.input = event.message.usage?.input_tokens ?? 0;
        usage.output = event.message.usage?.output_tokens ?? 0;
      } else if (event.type === "content_block_start" && event.content_block.type === "tool_use") {
        const index = toolIndex.size;
        toolIndex.set(event.index, index);
        yield { type: "tool_call", index, id: event.content_block.id, name: event.content_block.name, arguments: "" };
      } else if (event.type === "content_block_delta") {
        if (event.delta.type === "text_delta") yield { type: "text", text: event.delta.text };
        else if (event.delta.type === "input_json_delta" && toolIndex.has(event.index))
          yield { type: "tool_call", index: toolIndex.get(event.index)!, arguments: event.delta.partial_json };
      } else if (event.type === "message_delta") {
        finishReason = event.delta.stop_reason ?? finishReason;
        // The delta's counts are cumulative.
        if (event.usage?.output_tokens != null) usage.output = event.usage.output_tokens;
        if (event.usage?.input_tokens != null) usage.input = event.usage.input_tokens;
      }
    }
  } catch (error) {
    throw toCallError(error, "anthropic");
  }
  yield { type: "done", usage, model: model || requested, finishReason };
}
