import type { LlmProviders } from "../../platform/ports";
import { anthropicConnector } from "./anthropic";
import { mockConnector } from "./mock";
import { openAiConnector } from "./openai";
import { DEFAULT_LLM_POLICY, resilientProviders, type LlmPolicy, type ResilienceHooks } from "./resilient";

export { DEFAULT_LLM_POLICY, Semaphore, type LlmPolicy } from "./resilient";
export { retryAfterMs, toCallError } from "./raw-provider";

/**
 * The judge providers of one process: `mock`, `openai` and `anthropic` behind one retry policy and
 * per-provider bound. `fetch` is how they reach the network: required, so no caller can leave out the
 * policy-checking one by accident (docs/outbound.md).
 */
export function createLlmProviders(fetch: typeof globalThis.fetch, policy: Partial<LlmPolicy> = {}, hooks: ResilienceHooks = {}): LlmProviders {
  return resilientProviders({ mock: () => mockConnector(), openai: openAiConnector, anthropic: anthropicConnector }, { ...DEFAULT_LLM_POLICY, ...policy }, hooks, fetch);
}
