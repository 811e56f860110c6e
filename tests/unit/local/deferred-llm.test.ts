import { createLlmProviders } from "@core/adapters/llm";
import { LlmCallError, type LlmRequest, type LlmStreamEvent } from "@core/platform/ports";
import { deferredLlmProviders } from "@functions/local/deferred-llm";
import { describe, expect, it } from "vitest";

const request: LlmRequest = { model: "mock-1", messages: [{ role: "user", content: "Is the sky blue?" }] };
const refusingFetch = (async () => new Response("no", { status: 500 })) as typeof fetch;

/** Providers loaded by `deferredLlmProviders`, with the number of loads so far. */
function counted() {
  let loads = 0;
  const providers = deferredLlmProviders(async () => {
    loads++;
    return createLlmProviders(refusingFetch, { maxRetries: 0 });
  });
  return { providers, loads: () => loads };
}

describe("model providers loaded at the first call (docs/architecture.md, Start-up)", () => {
  it("load nothing when built or when a provider is taken, once at the first call, and answer as loaded ones", async () => {
    const { providers, loads } = counted();
    const mock = providers.get("mock", null);
    expect(loads()).toBe(0);

    const [first, second] = await Promise.all([mock.complete(request), providers.get("mock", null).complete(request)]);
    const direct = await createLlmProviders(refusingFetch).get("mock", null).complete(request);

    expect(loads()).toBe(1);
    expect(direct.text).not.toBe("");
    expect(first.text).toBe(direct.text);
    expect(second.text).toBe(direct.text);
    const events: LlmStreamEvent[] = [];
    for await (const event of await mock.stream(request)) events.push(event);
    expect(events.length).toBeGreaterThan(0);
    expect(loads()).toBe(1);
  });

  it("reject a call with the provider's own error", async () => {
    const { providers } = counted();
    const failed = providers.get("openai", { apiKey: "sk-test", baseUrl: "http://127.0.0.1:9/v1" }).complete(request);

    await expect(failed).rejects.toBeInstanceOf(LlmCallError);
  });
});
