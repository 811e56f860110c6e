import { BaseAnthropic } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages";
import type { LlmCredentials } from "../../platform/ports";
import { toCallError, type RawProvider } from "./raw-provider";

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

/**
 * The Messages API through the official `@anthropic-ai/sdk`. System messages go into `system`; options are
 * passed explicitly so ANTHROPIC_BASE_URL and friends never apply; the SDK's own retries are off.
 */
export function anthropicConnector(credentials: LlmCredentials | null, fetch: typeof globalThis.fetch): RawProvider {
  const client = new MessagesClient({
    apiKey: credentials?.apiKey ?? "",
    baseURL: credentials?.baseUrl || ANTHROPIC_DEFAULT_BASE_URL,
    webhookKey: null,
    maxRetries: 0,
    fetch,
  });
  return async (request, { timeoutMs }) => {
    const system = request.messages.filter((m) => m.role === "system").map((m) => m.content).join("\n\n");
    const messages = request.messages.filter((m) => m.role !== "system").map((m) => ({ role: m.role as "user" | "assistant", content: m.content }));
    try {
      const message = await client.messages.create(
        {
          model: request.model,
          max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
          messages,
          ...(system ? { system } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        },
        { timeout: timeoutMs, maxRetries: 0 },
      );
      const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
      return { text, usage: { input: message.usage?.input_tokens ?? 0, output: message.usage?.output_tokens ?? 0 }, model: message.model || request.model };
    } catch (error) {
      throw toCallError(error, "anthropic");
    }
  };
}
