import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeLlmStreams } from "../support/fake-llm-streams";
import { type Service, SHOTS, signedInConsole, until } from "./harness";

// The model playground in the browser on `npm start` (docs/playground.md): opened from a generation and from a
// prompt version, variants streamed side by side (an OpenAI fake on loopback and the mock provider), saved back.

let service: Service;
let browser: Browser;
let page: Page;
let fake: FakeLlmStreams;

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const tools = [
  {
    name: "track_order",
    description: "Where an order is",
    parameters: { type: "object", properties: { id: { type: "string" } } },
  },
];

async function seed(s: Service) {
  expect(
    (await s.call("PUT", "/v1/providers/openai", { apiKey: "sk-console-playground", baseUrl: `${fake.url}/v1` }))
      .status,
  ).toBe(200);
  const content = [
    { role: "system", content: "You support customers of {{product}}." },
    { role: "user", content: "Where is my order?" },
  ];
  expect(
    (await s.call("POST", "/v1/prompts", { name: "support", type: "CHAT", content, labels: ["production"] })).status,
  ).toBe(201);
  const at = "2026-11-20T10:00:00.000Z";
  const batch = [
    {
      id: "e1",
      type: "trace-create",
      timestamp: at,
      body: { id: "t-play", name: "support-chat", input: "Where is my order?", output: "On its way." },
    },
    {
      id: "e2",
      type: "generation-create",
      timestamp: at,
      body: {
        id: "g-play",
        traceId: "t-play",
        name: "answer",
        model: "gpt-4o-mini",
        modelParameters: { temperature: 0.2, max_tokens: 200 },
        input: { messages: content, tools },
        output: "On its way.",
        startTime: at,
        endTime: at,
      },
    },
  ];
  expect((await s.call("POST", "/v1/ingest", { batch })).status).toBe(207);
  await until(
    "the generation",
    () => s.call<{ observations?: unknown[] }>("GET", "/v1/traces/t-play"),
    (r) => r.status === 200 && (r.body.observations?.length ?? 0) === 1,
  );
}

beforeAll(async () => {
  fake = await new FakeLlmStreams().start();
  fake.fallback = { text: ["Your order ", "ships ", "today."], usage: { input: 40, output: 6 } };
  ({ service, browser, page } = await signedInConsole("playground", seed, { viewportHeight: 1000 }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await fake?.stop();
});

describe("console playground", () => {
  it("opens a generation with its messages, model, parameters and tools, and streams two variants side by side", async () => {
    await page.goto(`${service.url}/traces/t-play?observation=g-play`);
    await page.getByRole("button", { name: "Open in playground" }).click();
    await page.waitForURL(/\/playground$/);
    const first = page.getByTestId("variant-1");
    expect(await first.getByLabel("Model").inputValue()).toBe("gpt-4o-mini");
    expect(await first.getByLabel("Provider").inputValue()).toBe("openai");
    expect(await first.getByLabel("Temperature").inputValue()).toBe("0.2");
    expect(await first.getByLabel("Max tokens").inputValue()).toBe("200");
    expect(await first.getByLabel("Message 1", { exact: true }).inputValue()).toBe(
      "You support customers of {{product}}.",
    );
    expect(JSON.parse(await first.getByLabel(/^Tools/).inputValue())).toEqual(tools);

    await first.getByLabel("{{product}}").fill("Acme");
    await first.getByLabel(/^Tool choice/).fill("none");
    await page.getByRole("button", { name: "Add variant" }).click();
    const second = page.getByTestId("variant-2");
    await second.getByLabel("Provider").click();
    await page.getByRole("option", { name: "mock", exact: true }).click();
    await second.getByLabel("Model").fill("mock-model");
    await page.getByRole("button", { name: "Run all" }).click();

    await until(
      "variant 1's answer",
      () => page.getByTestId("output-text-1").textContent(),
      (t) => t === "Your order ships today.",
    );
    await until(
      "variant 2's answer",
      () => page.getByTestId("output-text-2").textContent(),
      (t) => /^Mock answer [0-9a-f]{8}$/.test(t ?? ""),
    );
    await page.getByTestId("stats-1").waitFor();
    await page.getByTestId("stats-2").waitFor();
    expect(await page.getByTestId("stats-1").textContent()).toContain("40 in / 6 out");
    await shot("playground");
    const sent = fake.requests.at(-1)!.body;
    expect(sent).toMatchObject({
      model: "gpt-4o-mini",
      temperature: 0.2,
      max_completion_tokens: 200,
      tool_choice: "none",
      messages: [
        { role: "system", content: "You support customers of Acme." },
        { role: "user", content: "Where is my order?" },
      ],
    });
  });

  it("shows the provider's refusal in the variant, with its message", async () => {
    fake.script = [{ status: 401, message: "Incorrect API key provided" }];
    const first = page.getByTestId("variant-1");

    await first.getByRole("button", { name: "Run", exact: true }).click();

    const alert = page.getByTestId("output-1").getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("422 unprocessable");
    expect(await alert.textContent()).toContain("openai refused the request (401): 401 Incorrect API key provided");
  });

  it("opens a prompt version, runs it, and saves it as a new version with a commit message and labels, and as a new prompt", async () => {
    await page.goto(`${service.url}/prompts/support`);
    await page.getByRole("link", { name: "Open in playground" }).click();
    await page.waitForURL(/\/playground\?prompt=support&version=1$/);
    const variant = page.getByTestId("variant-1");
    await until(
      "the prompt's messages",
      () => variant.getByLabel("Message 1", { exact: true }).inputValue(),
      (v) => v === "You support customers of {{product}}.",
    );
    await variant.getByLabel("{{product}}").fill("Globex");
    await variant.getByLabel("Message 2", { exact: true }).fill("Where is my parcel?");
    await variant.getByRole("button", { name: "Run", exact: true }).click();
    await until(
      "the answer",
      () => page.getByTestId("output-text-1").textContent(),
      (t) => /^Mock answer/.test(t ?? ""),
    );

    await variant.getByRole("button", { name: "Save…" }).click();
    await variant.getByLabel("Commit message").fill("Ask about the parcel");
    await variant.getByLabel("Labels").click();
    await page.getByRole("option", { name: "staging" }).click();
    await shot("playground-save");
    await variant.getByRole("button", { name: "Save as new version" }).click();
    await variant.getByRole("link", { name: "support v2" }).waitFor();
    const saved = await service.call<{
      version: number;
      labels: string[];
      commitMessage: string;
      content: unknown;
      config: unknown;
    }>("GET", "/v1/prompts/support?channel=staging");
    expect(saved.body).toMatchObject({
      version: 2,
      labels: ["latest", "staging"],
      commitMessage: "Ask about the parcel",
      config: { provider: "mock", model: "mock-model" },
    });
    expect(saved.body.content).toEqual([
      { role: "system", content: "You support customers of {{product}}." },
      { role: "user", content: "Where is my parcel?" },
    ]);

    await variant.getByRole("button", { name: "Save as new prompt" }).click();
    const refused = variant.getByRole("alert");
    await until(
      "the refusal",
      () => refused.textContent(),
      (t) => (t ?? "").includes("A prompt named 'support' exists: choose another name, or save as a new version"),
    );
    await variant.getByLabel("Prompt name").fill("support-parcel");
    await variant.getByRole("button", { name: "Save as new prompt" }).click();
    await variant.getByRole("link", { name: "support-parcel v1" }).waitFor();
    expect((await service.call("GET", "/v1/prompts/support-parcel")).status).toBe(200);
  });
});
