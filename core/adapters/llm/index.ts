import type { LlmProviderName, LlmProviders } from "../../platform/ports";
import { anthropicConnector } from "./anthropic";
import { mockConnector } from "./mock";
import { openAiConnector } from "./openai";
import type { Connector } from "./raw-provider";
import { DEFAULT_LLM_POLICY, type LlmPolicy, type ResilienceHooks, resilientProviders } from "./resilient";

export { retryAfterMs, toCallError } from "./raw-provider";
export { DEFAULT_LLM_POLICY, type LlmPolicy, Semaphore } from "./resilient";

/**
 * The model providers of one process: `mock`, `openai`, `anthropic` and `openai-compatible` (the OpenAI SDK at
 * the credentials' base URL) behind one retry policy and
 * per-provider bound. `fetch` is how they reach the network: required, so no caller can leave out the
 * policy-checking one by accident (docs/outbound.md).
 */
export function createLlmProviders(
  fetch: typeof globalThis.fetch,
  policy: Partial<LlmPolicy> = {},
  hooks: ResilienceHooks = {},
): LlmProviders {
  const connectors = {
    mock: () => mockConnector(),
    openai: (credentials, f) => openAiConnector(credentials, f),
    anthropic: anthropicConnector,
    "openai-compatible": (credentials, f) => openAiConnector(credentials, f, { compatible: true }),
  } satisfies Record<LlmProviderName, Connector>;
  return resilientProviders(connectors, { ...DEFAULT_LLM_POLICY, ...policy }, hooks, fetch);
}
