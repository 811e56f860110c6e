import { retryAfterMs } from "@core/adapters/llm";
import { mockConnector } from "@core/adapters/llm/mock";
import type { Connector } from "@core/adapters/llm/raw-provider";
import { DEFAULT_LLM_POLICY, resilientProviders } from "@core/adapters/llm/resilient";
import { refusedUrlHost } from "@core/platform/address-policy";
import { LlmCallError, type LlmRequest } from "@core/platform/ports";
import { describe, expect, it } from "vitest";

const request: LlmRequest = { model: "m", messages: [{ role: "user", content: "hi" }] };
const ok = { text: "{}", usage: { input: 1, output: 1 }, model: "m" };

function scripted(outcomes: (Error | "ok")[]): { connector: Connector; calls: () => number } {
  let calls = 0;
  return {
    connector: () => async () => {
      const next = outcomes[calls++] ?? "ok";
      if (next === "ok") return ok;
      throw next;
    },
    calls: () => calls,
  };
}

const providersWith = (connector: Connector, policy = {}, sleeps: number[] = []) =>
  resilientProviders(
    { mock: connector, openai: connector, anthropic: connector },
    { ...DEFAULT_LLM_POLICY, ...policy },
    { sleep: async (ms) => void sleeps.push(ms), random: () => 1 },
  );

describe("provider resilience", () => {
  it("retries 429 and 5xx after the provider's retry-after, else after exponential backoff", async () => {
    const sleeps: number[] = [];
    const { connector, calls } = scripted([
      new LlmCallError("rate_limited", "429", 429, 1500),
      new LlmCallError("server", "502", 502),
    ]);

    const answer = await providersWith(connector, {}, sleeps).get("openai", { apiKey: "k" }).complete(request);

    expect(answer).toEqual(ok);
    expect(calls()).toBe(3);
    expect(sleeps).toEqual([1500, 1000]);
  });

  it("does not retry a refusal, and gives up after maxRetries", async () => {
    const refused = scripted([new LlmCallError("refused", "401", 401)]);
    const flaky = scripted([1, 2, 3, 4].map(() => new LlmCallError("timeout", "slow")));

    await expect(
      providersWith(refused.connector).get("openai", { apiKey: "k" }).complete(request),
    ).rejects.toMatchObject({ kind: "refused" });
    await expect(
      providersWith(flaky.connector, { maxRetries: 2 }).get("openai", { apiKey: "k" }).complete(request),
    ).rejects.toMatchObject({ kind: "timeout" });
    expect(refused.calls()).toBe(1);
    expect(flaky.calls()).toBe(3);
  });

  it("fails at once when retry-after exceeds the longest wait honoured", async () => {
    const { connector, calls } = scripted([new LlmCallError("rate_limited", "429", 429, 3_600_000)]);

    await expect(providersWith(connector).get("openai", { apiKey: "k" }).complete(request)).rejects.toThrow(
      /exceeds the 60 s limit/,
    );
    expect(calls()).toBe(1);
  });

  it("keeps at most `concurrency` requests in flight per provider", async () => {
    let inFlight = 0;
    let most = 0;
    const slow: Connector = () => async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return ok;
    };
    const providers = resilientProviders(
      { mock: slow, openai: slow, anthropic: slow },
      { ...DEFAULT_LLM_POLICY, concurrency: 3 },
    );

    await Promise.all(Array.from({ length: 20 }, () => providers.get("openai", { apiKey: "k" }).complete(request)));

    expect(most).toBe(3);
  });

  it("reads retry-after-ms, retry-after seconds and an HTTP date", () => {
    const headers = (h: Record<string, string>) => ({ get: (n: string) => h[n] ?? null });

    expect(retryAfterMs(headers({ "retry-after-ms": "250" }))).toBe(250);
    expect(retryAfterMs(headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(headers({ "retry-after": new Date(10_000).toUTCString() }), 7_000)).toBe(3000);
    expect(retryAfterMs(headers({}))).toBeUndefined();
  });
});

describe("mock provider", () => {
  it("answers the same for the same model and messages, and differently otherwise, within the schema", async () => {
    const mock = mockConnector();
    const schema = {
      type: "object",
      properties: {
        score: { type: "number", minimum: 0, maximum: 1 },
        label: { type: "string", enum: ["a", "b"] },
        reasoning: { type: "string" },
      },
    };
    const ask = (model: string, content: string) =>
      mock(
        { model, messages: [{ role: "user", content }], responseFormat: { type: "json", schema } },
        { timeoutMs: 1 },
      );

    const [a, b, c] = await Promise.all([ask("m1", "x"), ask("m1", "x"), ask("m2", "x")]);
    const parsed = JSON.parse(a.text);

    expect(a).toEqual(b);
    expect(c.text).not.toBe(a.text);
    expect(parsed.score).toBeGreaterThanOrEqual(0);
    expect(parsed.score).toBeLessThanOrEqual(1);
    expect(["a", "b"]).toContain(parsed.label);
    expect(a.usage.input).toBeGreaterThan(0);
  });
});

describe("outbound provider addresses", () => {
  it("recognises loopback, private and link-local literals", () => {
    for (const url of [
      "http://127.0.0.1:8080/v1",
      "http://localhost/v1",
      "http://10.1.2.3",
      "http://192.168.0.1",
      "http://172.20.0.1",
      "http://169.254.169.254",
      "http://[::1]/",
      "http://[fd00::1]/",
    ])
      expect(refusedUrlHost(url), url).not.toBeNull();
    for (const url of ["https://api.openai.com/v1", "https://api.anthropic.com", "http://172.32.0.1", "http://8.8.8.8"])
      expect(refusedUrlHost(url), url).toBeNull();
  });
});
