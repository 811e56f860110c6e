import { describe, expect, it } from "vitest";
import { type IngestProblem, Sightline } from "../../../sdk/typescript/src/index.js";
import { fakeFetch, json, KEYS } from "./fake-fetch";

const detail = (version: number, content: unknown, type = "TEXT") =>
  json(200, { name: "greet", version, type, content, config: { model: "m" }, labels: ["production"] });

function setUp(answers: (() => Response | Promise<Response>)[]) {
  let clock = 1_000_000;
  const problems: IngestProblem[] = [];
  const service = fakeFetch((_, i) => answers[Math.min(i, answers.length - 1)]!());
  const sl = new Sightline({
    ...KEYS,
    fetch: service.fetch,
    flushOnExit: false,
    now: () => clock,
    onError: (p) => problems.push(p),
  });
  return { sl, service, problems, advance: (ms: number) => (clock += ms) };
}
const down = () => Promise.reject(new TypeError("fetch failed"));
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("TypeScript SDK: getPrompt with stale-while-revalidate", () => {
  it("fetches the production channel once, serves it from the cache within the TTL, compiles it locally", async () => {
    const { sl, service } = setUp([() => detail(1, "Hi {{name}}")]);

    const first = await sl.getPrompt("greet");
    const again = await sl.getPrompt("greet");

    expect(service.calls.map((c) => new URL(c.url).pathname + new URL(c.url).search)).toEqual([
      "/v1/prompts/greet?channel=production",
    ]);
    expect(again).toBe(first);
    expect(first).toMatchObject({ name: "greet", version: 1, type: "TEXT", config: { model: "m" }, isFallback: false });
    expect(first.compile({ name: "Ada" })).toBe("Hi Ada");
  });

  it("after the TTL serves the stale value at once and refreshes in the background", async () => {
    const { sl, service, advance } = setUp([() => detail(1, "v1"), () => detail(2, "v2")]);
    await sl.getPrompt("greet", { cacheTtlSeconds: 30 });

    advance(31_000);
    const stale = await sl.getPrompt("greet", { cacheTtlSeconds: 30 });
    await settle();
    const fresh = await sl.getPrompt("greet", { cacheTtlSeconds: 30 });

    expect(stale.version).toBe(1);
    expect(fresh.version).toBe(2);
    expect(service.calls).toHaveLength(2);
  });

  it("keeps serving the stale value when the refresh fails, and reports the failure", async () => {
    const { sl, problems, advance } = setUp([() => detail(1, "v1"), down]);
    await sl.getPrompt("greet");

    advance(61_000);
    const stale = await sl.getPrompt("greet", { fallback: "never" });
    await settle();
    const still = await sl.getPrompt("greet", { fallback: "never" });

    expect([stale.version, still.version, still.isFallback]).toEqual([1, 1, false]);
    expect(problems[0]).toMatchObject({
      kind: "prompt",
      message: expect.stringContaining("serving version 1 from the cache"),
    });
  });

  it("serves the fallback when the service cannot be reached and nothing is cached; throws without one", async () => {
    const { sl, problems } = setUp([down]);

    const text = await sl.getPrompt("greet", { fallback: "Hello {{name}}" });
    const chat = await sl.getPrompt("greet", {
      fallback: [
        { role: "system", content: "Be {{tone}}" },
        { type: "placeholder", name: "history" },
      ],
    });

    expect(text).toMatchObject({ isFallback: true, type: "TEXT", version: 0 });
    expect(text.compile({ name: "Bo" })).toBe("Hello Bo");
    expect(chat.compile({ tone: "brief" })).toEqual([{ role: "system", content: "Be brief" }]);
    expect(problems.map((p) => p.kind)).toEqual(["prompt", "prompt"]);
    await expect(sl.getPrompt("greet")).rejects.toThrow("fetch failed");
  });

  it("asks for a version or another channel under its own cache key, and shares one fetch between concurrent misses", async () => {
    const { sl, service } = setUp([() => detail(3, "v3")]);

    await Promise.all([
      sl.getPrompt("greet", { version: 3 }),
      sl.getPrompt("greet", { version: 3 }),
      sl.getPrompt("greet", { channel: "staging" }),
    ]);

    expect(service.calls.map((c) => new URL(c.url).search).sort()).toEqual(["?channel=staging", "?version=3"]);
  });
});
