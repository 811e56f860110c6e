import OpenAI from "openai";
import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { LlmCredentials, LlmMessage, LlmRequest, LlmStreamEvent } from "../../platform/ports";
import { type RawProvider, toCallError } from "./raw-provider";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** Reasoning models refuse a `temperature` other than the default. */
const FIXED_TEMPERATURE = /^(o\d|gpt-5)/i;

function messageOf(m: LlmMessage): ChatCompletionMessageParam {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.toolCallId ?? "", content: m.content };
  if (m.role === "assistant" && m.toolCalls?.length) {
    return {
      role: "assistant",
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({
        id: c.id,
        type: "function" as const,
        function: { name: c.name, arguments: c.arguments },
      })),
    };
  }
  return { role: m.role, content: m.content };
}

function responseFormatOf(
  format: LlmRequest["responseFormat"],
): Pick<ChatCompletionCreateParamsBase, "response_format"> {
  if (!format) return {};
  if (format.type === "json") return { response_format: { type: "json_object" } };
  return {
    response_format: {
      type: "json_schema",
      json_schema: { name: format.name, schema: format.schema, strict: format.strict ?? true },
    },
  };
}

function toolsOf(request: LlmRequest): Pick<ChatCompletionCreateParamsBase, "tools" | "tool_choice"> {
  if (!request.tools?.length) return {};
  const choice = request.toolChoice;
  return {
    tools: request.tools.map((t) => ({
      type: "function" as const,
      function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.parameters },
    })),
    ...(choice === undefined
      ? {}
      : {
          tool_choice:
            typeof choice === "string" ? choice : { type: "function" as const, function: { name: choice.name } },
        }),
  };
}

/**
 * The request body both calls share. `compatible` servers (vLLM, Ollama, LiteLLM) get `max_tokens`, which
 * they all read; OpenAI itself gets `max_completion_tokens`, the only one its reasoning models take.
 */
function paramsOf(request: LlmRequest, compatible: boolean): ChatCompletionCreateParamsBase {
  const fixed = !compatible && FIXED_TEMPERATURE.test(request.model);
  return {
    model: request.model,
    messages: request.messages.map(messageOf),
    ...(request.temperature !== undefined && !fixed ? { temperature: request.temperature } : {}),
    ...(request.topP !== undefined && !fixed ? { top_p: request.topP } : {}),
    ...(request.maxTokens !== undefined
      ? compatible
        ? { max_tokens: request.maxTokens }
        : { max_completion_tokens: request.maxTokens }
      : {}),
    ...(request.stop?.length ? { stop: request.stop } : {}),
    ...responseFormatOf(request.responseFormat),
    ...toolsOf(request),
  };
}

/**
 * Chat Completions through the official `openai` SDK, at OpenAI or (`compatible`) at any server speaking its
 * API. Every option is passed explicitly, so the SDK's environment defaults (OPENAI_BASE_URL, OPENAI_ORG_ID, …)
 * never apply; its own retries are off.
 */
export function openAiConnector(
  credentials: LlmCredentials | null,
  fetch: typeof globalThis.fetch,
  options: { compatible?: boolean } = {},
): RawProvider {
  const compatible = options.compatible ?? false;
  const name = compatible ? "openai-compatible" : "openai";
  const client = new OpenAI({
    // The SDK refuses an empty key; a local server without auth ignores the header.
    apiKey: credentials?.apiKey || (compatible ? "none" : ""),
    baseURL: credentials?.baseUrl || OPENAI_DEFAULT_BASE_URL,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    fetch,
  });
  const complete = async (request: LlmRequest, { timeoutMs }: { timeoutMs: number }) => {
    try {
      const completion = await client.chat.completions.create(
        { ...paramsOf(request, compatible), stream: false },
        { timeout: timeoutMs, maxRetries: 0 },
      );
      return {
        text: completion.choices?.[0]?.message?.content ?? "",
        usage: { input: completion.usage?.prompt_tokens ?? 0, output: completion.usage?.completion_tokens ?? 0 },
        model: completion.model || request.model,
      };
    } catch (error) {
      throw toCallError(error, name);
    }
  };
  const stream = async (
    request: LlmRequest,
    { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<AsyncIterable<LlmStreamEvent>> => {
    try {
      const chunks = await client.chat.completions.create(
        { ...paramsOf(request, compatible), stream: true, stream_options: { include_usage: true } },
        { timeout: timeoutMs, maxRetries: 0, ...(signal ? { signal } : {}) },
      );
      return events(chunks, request.model, name);
    } catch (error) {
      throw toCallError(error, name);
    }
  };
  return Object.assign(complete, { stream });
}

/** Chunks to port events; the usage comes in a last chunk without choices (`include_usage`). */
async function* events(
  chunks: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>,
  requested: string,
  name: string,
): AsyncGenerator<LlmStreamEvent> {
  let model = "";
  let finishReason: string | null = null;
  let usage = { input: 0, output: 0 };
  try {
    for await (const chunk of chunks) {
      model ||= chunk.model;
      if (chunk.usage) usage = { input: chunk.usage.prompt_tokens ?? 0, output: chunk.usage.completion_tokens ?? 0 };
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      if (choice.delta?.content) yield { type: "text", text: choice.delta.content };
      for (const call of choice.delta?.tool_calls ?? []) {
        yield {
          type: "tool_call",
          index: call.index,
          ...(call.id ? { id: call.id } : {}),
          ...(call.function?.name ? { name: call.function.name } : {}),
          arguments: call.function?.arguments ?? "",
        };
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  } catch (error) {
    throw toCallError(error, name);
  }
  yield { type: "done", usage, model: model || requested, finishReason };
}
