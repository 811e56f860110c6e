import OpenAI from "openai";
import type { LlmCredentials } from "../../platform/ports";
import { toCallError, type RawProvider } from "./raw-provider";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** Reasoning models refuse a `temperature` other than the default. */
const FIXED_TEMPERATURE = /^(o\d|gpt-5)/i;

/**
 * Chat Completions through the official `openai` SDK. Every option is passed explicitly, so the SDK's
 * environment defaults (OPENAI_BASE_URL, OPENAI_ORG_ID, …) never apply; its own retries are off.
 */
export function openAiConnector(credentials: LlmCredentials | null, fetch: typeof globalThis.fetch): RawProvider {
  const client = new OpenAI({
    apiKey: credentials?.apiKey ?? "",
    baseURL: credentials?.baseUrl || OPENAI_DEFAULT_BASE_URL,
    organization: null,
    project: null,
    webhookSecret: null,
    maxRetries: 0,
    fetch,
  });
  return async (request, { timeoutMs }) => {
    try {
      const completion = await client.chat.completions.create(
        {
          model: request.model,
          messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
          ...(request.temperature !== undefined && !FIXED_TEMPERATURE.test(request.model) ? { temperature: request.temperature } : {}),
          ...(request.maxTokens !== undefined ? { max_completion_tokens: request.maxTokens } : {}),
          ...(request.responseFormat ? { response_format: { type: "json_object" as const } } : {}),
        },
        { timeout: timeoutMs, maxRetries: 0 },
      );
      return {
        text: completion.choices?.[0]?.message?.content ?? "",
        usage: { input: completion.usage?.prompt_tokens ?? 0, output: completion.usage?.completion_tokens ?? 0 },
        model: completion.model || request.model,
      };
    } catch (error) {
      throw toCallError(error, "openai");
    }
  };
}
