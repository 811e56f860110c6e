import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, SHOTS, signedInConsole, until } from "./harness";

// Experiments run by Sightline in the console (issue 29, docs/experiments.md): "Run experiment" from a dataset and
// from a prompt version, the run's live progress, then the comparison with the previous run, on the mock provider.

let service: Service;
let browser: Browser;
let page: Page;

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const settled = () => page.getByLabel("Loading").first().waitFor({ state: "detached" });

async function seed(s: Service) {
  expect((await s.call("POST", "/v1/datasets", { name: "qa" })).status).toBe(201);
  const items = ["What is 2 + 2?", "What is the capital of France?", "Who wrote Hamlet?"].map((question, i) => ({
    id: `q${i}`,
    input: { question },
  }));
  expect((await s.call("POST", "/v1/datasets/qa/items", { items })).status).toBe(200);
  expect(
    (
      await s.call("POST", "/v1/prompts", {
        name: "answer",
        type: "TEXT",
        content: "Answer briefly: {{question}}",
        labels: ["production"],
      })
    ).status,
  ).toBe(201);
  expect(
    (await s.call("POST", "/v1/evaluators", { name: "answered", kind: "CODE", expression: "len(output) > 0" })).status,
  ).toBe(201);
  expect(
    (await s.call("POST", "/v1/evaluators", { name: "length", kind: "CODE", expression: "len(output) / 100" })).status,
  ).toBe(201);
}

beforeAll(async () => {
  ({ service, browser, page } = await signedInConsole("experiments", seed));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe("console experiments", () => {
  it("runs an experiment from a dataset page: the form maps the prompt's variables, the run page follows it to the end", async () => {
    await page.goto(`${service.url}/datasets/qa`);
    await settled();
    await page.getByRole("link", { name: "Run experiment" }).click();
    await page.waitForURL(/\/experiments\/new\?dataset=qa$/);
    expect(await page.getByLabel("Dataset").inputValue()).toBe("qa");

    await page.getByLabel(/^Prompt/).fill("answer");
    await until(
      "the mapping from the prompt's variables",
      () => page.getByLabel("Mapping (prompt variable → item field)").inputValue(),
      (v) => v.includes('"question": "input.question"'),
      10_000,
    );
    await page.getByLabel("Evaluators").fill("answered, length");
    await page.getByLabel("Run name").fill("baseline");
    await shot("experiment-form");
    await page.getByRole("button", { name: "Start experiment" }).click();

    await page.waitForURL(/\/datasets\/qa\/runs\/baseline$/);
    await until(
      "the run to complete",
      () => page.getByTestId("experiment-status").textContent(),
      (t) => t === "completed",
    );
    await until(
      "both scores of every item",
      () =>
        page
          .getByTestId("run-scores")
          .textContent()
          .then((t) => t ?? "")
          .catch(() => ""),
      (t) => t.includes("answered1.00003") && t.includes("length"),
    );
    expect(await page.getByTestId("experiment-progress").textContent()).toContain("3 / 3");
    expect(await page.getByTestId("run-items").locator("tr").count()).toBe(3);
    await shot("experiment-run");
  });

  it("refuses a mapping that leaves a variable unbound, with the service's message", async () => {
    await page.goto(`${service.url}/experiments/new?dataset=qa&prompt=answer&version=1`);
    await until(
      "the mapping from the prompt's variables",
      () => page.getByLabel("Mapping (prompt variable → item field)").inputValue(),
      (v) => v.includes("question"),
      10_000,
    );
    await page.getByLabel("Mapping (prompt variable → item field)").fill("{}");
    await page.getByRole("button", { name: "Start experiment" }).click();

    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      "Prompt 'answer' version 1 uses variable 'question' that the mapping leaves unbound",
    );
  });

  it("runs a prompt version from its page, then compares the run with the previous one", async () => {
    await page.goto(`${service.url}/prompts/answer`);
    await settled();
    await page.getByRole("link", { name: "Run experiment with v1" }).click();
    await page.waitForURL(/\/experiments\/new\?prompt=answer&version=1$/);
    expect(await page.getByLabel(/^Prompt/).inputValue()).toBe("answer");
    expect(await page.getByLabel("Version").inputValue()).toBe("1");

    await page.getByLabel("Dataset").fill("qa");
    await page.getByLabel("Model").fill("mock-model-2");
    await page.getByLabel("Evaluators").fill("answered, length");
    await page.getByLabel("Run name").fill("candidate");
    await page.getByRole("button", { name: "Start experiment" }).click();
    await page.waitForURL(/\/datasets\/qa\/runs\/candidate$/);
    await until(
      "the run to complete",
      () => page.getByTestId("experiment-status").textContent(),
      (t) => t === "completed",
    );
    await until(
      "both scores of every item",
      () =>
        page
          .getByTestId("run-scores")
          .textContent()
          .then((t) => t ?? "")
          .catch(() => ""),
      (t) => t.includes("answered1.00003"),
    );

    await page.getByRole("link", { name: "Compare with baseline" }).click();
    await page.waitForURL(/\/datasets\/qa\/compare\?runs=baseline,candidate$/);
    const means = page.getByTestId("compare-means");
    await means.waitFor();
    expect(await means.locator("th").allTextContents()).toEqual(["Score", "baseline", "candidate"]);
    expect(await means.textContent()).toContain("answered");
    await shot("experiment-compare");
  });
});
