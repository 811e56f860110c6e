import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureConsoleBuilt, launchChromium, type Service, SHOTS, startService, until } from "./harness";

// End to end through the built console on `npm start`: what a user sees, with a screenshot of each page (docs/console.md).
const T0 = Date.parse("2026-11-20T10:00:00.000Z");
const at = (ms: number) => new Date(T0 + ms).toISOString();

let service: Service;
let browser: Browser;
let page: Page;
const dialogs: string[] = [];

async function seed(s: Service) {
  const batch = [
    {
      id: "e1",
      type: "trace-create",
      timestamp: at(0),
      body: {
        id: "t-good",
        name: "support-chat",
        userId: "ada",
        sessionId: "s-1",
        sessionPath: "onboarding/password",
        input: "How do I reset my password?",
        output: "Use the reset link.",
      },
    },
    {
      id: "e2",
      type: "span-create",
      timestamp: at(10),
      body: {
        id: "o-retrieve",
        traceId: "t-good",
        name: "retrieve-docs",
        startTime: at(10),
        endTime: at(300),
        input: { query: "reset password" },
        output: { documents: ["Use the reset link."] },
      },
    },
    {
      id: "e3",
      type: "generation-create",
      timestamp: at(300),
      body: {
        id: "o-llm",
        traceId: "t-good",
        parentObservationId: "o-retrieve",
        name: "answer-llm",
        model: "gpt-4o-mini",
        startTime: at(300),
        endTime: at(1200),
        input: [
          { role: "system", content: "You are a support agent." },
          { role: "user", content: "How do I reset my password?" },
        ],
        output: { role: "assistant", content: "Use the reset link." },
        usageDetails: { input: 20, output: 6 },
      },
    },
    {
      id: "e4",
      type: "score-create",
      timestamp: at(1300),
      body: { id: "sc-1", traceId: "t-good", name: "helpful", value: 1, dataType: "NUMERIC" },
    },
    {
      id: "e5",
      type: "trace-create",
      timestamp: at(5000),
      body: {
        id: "t-bad",
        name: "billing-chat",
        userId: "bob",
        sessionId: "s-1",
        sessionPath: "billing",
        input: "Refund?",
        output: "No.",
      },
    },
    {
      id: "e6",
      type: "score-create",
      timestamp: at(5100),
      body: { id: "sc-2", traceId: "t-bad", name: "helpful", value: 0, dataType: "NUMERIC" },
    },
  ];
  expect((await s.call("POST", "/v1/ingest", { batch })).status).toBe(207);

  expect(
    (
      await s.call("POST", "/v1/prompts", {
        name: "greeting",
        type: "TEXT",
        content: "Hello {{name}}, how can I help?",
        labels: ["production"],
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await s.call("POST", "/v1/prompts", {
        name: "greeting",
        type: "TEXT",
        content: "Hi {{name}}! What can I do for you today?",
      })
    ).status,
  ).toBe(201);

  // An include that breaks after save: the resolved preview answers 422 naming the path.
  expect(
    (
      await s.call("POST", "/v1/prompts", {
        name: "tone",
        type: "TEXT",
        content: "Answer briefly.",
        labels: ["production"],
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await s.call("POST", "/v1/prompts", {
        name: "support",
        type: "TEXT",
        content: "Help. @@@servicePrompt:name=tone|label=production@@@",
      })
    ).status,
  ).toBe(201);
  expect((await s.call("DELETE", "/v1/prompts/tone")).status).toBeLessThan(300);

  expect((await s.call("POST", "/v1/datasets", { name: "qa" })).status).toBe(201);
  expect(
    (
      await s.call("POST", "/v1/datasets/qa/items", {
        items: [{ input: { question: "reset password" }, expectedOutput: "reset link" }],
      })
    ).status,
  ).toBeLessThan(300);
  const dataset = await s.call<{ items: { id: string }[] }>("GET", "/v1/datasets/qa");
  const itemId = dataset.body.items[0]!.id;
  for (const [runName, traceId] of [
    ["run-a", "t-good"],
    ["run-b", "t-bad"],
  ] as const) {
    expect(
      (await s.call("POST", "/v1/datasets/qa/runs", { runName, items: [{ datasetItemId: itemId, traceId }] })).status,
    ).toBeLessThan(300);
  }

  expect(
    (
      await s.call("POST", "/v1/evaluators", {
        name: "short",
        kind: "CODE",
        expression: "len(output) < 500",
        scoreDataType: "BOOLEAN",
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await s.call("POST", "/v1/review-queues", {
        name: "support",
        scoreName: "quality",
        dataType: "CATEGORICAL",
        categories: ["good", "bad"],
      })
    ).status,
  ).toBe(201);
  // The traces must be merged before a queue can take them and before the pages read them.
  await until(
    "both traces with their scores",
    () => s.call<{ data: unknown[] }>("GET", "/v1/scores?name=helpful"),
    (r) => r.body.data?.length === 2,
  );
  await until(
    "the trace tree",
    () => s.call<{ observations?: unknown[] }>("GET", "/v1/traces/t-good"),
    (r) => r.status === 200 && r.body.observations?.length === 2,
  );
  expect((await s.call("POST", "/v1/review-queues/support/items", { traceIds: ["t-good"] })).status).toBeLessThan(300);
}

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
/** Waits for the lazily loaded page and its data: no loader left on screen. */
const settled = () => page.getByLabel("Loading").first().waitFor({ state: "detached" });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await ensureConsoleBuilt();
  // The development key sign-in, switched on (sessions are the default: tests/console/sessions.test.ts).
  service = await startService("console", { SIGHTLINE_CONSOLE_KEY_SIGNIN: "true" });
  await seed(service);
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe("web console", () => {
  it("serves the app, its config and the SPA fallback next to the API", async () => {
    const html = await fetch(`${service.url}/traces?x=1`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await html.text()).toContain('<div id="root">');
    expect(await (await fetch(`${service.url}/config.json`)).json()).toEqual({ apiUrl: "", keySignIn: true });
    const api = await fetch(`${service.url}/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: "not_found", message: "No route for GET /v1/nothing-here" } });
  });

  it("sends a signed-out visitor to sign in, shows a wrong key's error, then returns to the page asked for", async () => {
    await page.goto(`${service.url}/traces`);
    await page.waitForURL(/\/sign-in\?next=%2Ftraces/);
    await shot("sign-in");
    await page.getByLabel("Public key").fill(service.key.publicKey);
    await page.getByLabel("Secret key").fill("sk-sl-wrong");
    await page.getByRole("button", { name: "Sign in with key" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Missing or invalid credentials");

    await page.getByLabel("Secret key").fill(service.key.secretKey);
    await page.getByRole("button", { name: "Sign in with key" }).click();
    await page.waitForURL(/\/traces$/);
    await page.getByRole("link", { name: "support-chat" }).waitFor();
    expect(await page.getByTestId("traces-table").textContent()).toContain("billing-chat");
    // Tokens (20 in, 6 out) and the score of each row.
    const row = page.getByTestId("traces-table").locator("tbody tr", { hasText: "support-chat" });
    await until(
      "the row's tokens and score",
      () => row.textContent(),
      (t) => !!t?.includes("26") && !!t.includes("helpful: 1"),
      10_000,
    );
    await shot("traces");
  });

  it("filters the trace list by a score, with the filter in the shareable URL", async () => {
    await page.getByPlaceholder("name").fill("helpful");
    await page.getByLabel("Score value").fill("1");
    await page.getByRole("button", { name: "Add score filter" }).click();
    await page.waitForURL(
      (u) => u.searchParams.get("filter") === JSON.stringify([{ column: "scores.helpful", operator: ">=", value: 1 }]),
    );
    await page.getByRole("link", { name: "billing-chat" }).waitFor({ state: "detached" });
    await page.getByRole("link", { name: "support-chat" }).waitFor();
    expect(await page.getByTestId("traces-table").locator("tbody tr").count()).toBe(1);

    // The same URL opened afresh shows the same list.
    await page.goto(page.url());
    await page.getByRole("link", { name: "support-chat" }).waitFor();
    expect(await page.getByTestId("traces-table").locator("tbody tr").count()).toBe(1);
    await shot("traces-filtered");
  });

  it("opens a trace and shows its observation tree, chat messages and scores", async () => {
    await page.getByRole("link", { name: "support-chat" }).click();
    await page.waitForURL(/\/traces\/t-good/);
    const tree = page.getByTestId("observation-tree");
    await tree.getByText("answer-llm").waitFor();
    expect(await tree.getByRole("treeitem").allTextContents()).toEqual([
      expect.stringContaining("support-chat"),
      expect.stringContaining("retrieve-docs"),
      expect.stringContaining("answer-llm"),
    ]);
    expect(await tree.getByRole("treeitem").nth(2).getAttribute("aria-level")).toBe("3");

    await tree.getByText("answer-llm").click();
    const messages = page.getByTestId("input-messages");
    await messages.waitFor();
    expect(await messages.textContent()).toContain("You are a support agent.");
    expect(await page.getByTestId("observation-detail").textContent()).toContain("gpt-4o-mini");
    // Keyboard: up moves to the parent span.
    await tree.press("ArrowUp");
    await page.waitForURL(/observation=o-retrieve/);
    expect(await page.getByTestId("scores-table").textContent()).toContain("helpful");
    await shot("trace");
  });

  it("promotes a prompt label to another version with a click", async () => {
    await page.goto(`${service.url}/prompts`);
    await page.getByRole("link", { name: "greeting" }).click();
    const v2 = page.getByTestId("version-2");
    await v2.waitFor();
    const labels = (v: number) => page.getByTestId(`version-${v}`).locator("td").nth(1).textContent();
    expect(await labels(1)).toBe("production");
    expect(await labels(2)).toBe("latest");
    await v2.getByRole("button", { name: "Promote to production" }).click();
    await until(
      "the label on v2 alone",
      () => Promise.all([labels(1), labels(2)]),
      ([one, two]) => one === "" && two === "latestproduction",
      10_000,
    );
    const resolved = await service.call<{ version: number }>("GET", "/v1/prompts/greeting?channel=production");
    expect(resolved.body.version).toBe(2);

    await page.getByRole("textbox", { name: "Diff against version" }).click();
    await page.getByRole("option", { name: /^v1/ }).click();
    await page.waitForURL(/diff=1/);
    const diff = await page.getByTestId("diff").textContent();
    expect(diff).toContain("- Hello {{name}}, how can I help?");
    expect(diff).toContain("+ Hi {{name}}! What can I do for you today?");
    await page.getByLabel("{{name}}").fill("Ada");
    await page.getByRole("button", { name: "Compile" }).click();
    await until(
      "the compiled prompt",
      () => page.getByTestId("compiled").textContent(),
      (t) => t === "Hi Ada! What can I do for you today?",
      10_000,
    );
    await shot("prompt");

    const broken = await service.call<{ error: { message: string; details?: unknown } }>(
      "GET",
      "/v1/prompts/support?version=1",
    );
    expect(broken.status).toBe(422);
    await page.goto(`${service.url}/prompts/support`);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain("Cannot resolve");
    expect(text).toContain(broken.body.error.message);
    expect(await page.getByTestId("error-path").textContent()).toBe("Path: support → tone");
    expect(await page.getByTestId("raw-body").textContent()).toBe(
      "Help. @@@servicePrompt:name=tone|label=production@@@",
    );
    await shot("prompt-broken-include");
  });

  it("compares two dataset runs", async () => {
    await page.goto(`${service.url}/datasets`);
    await page.getByRole("link", { name: "qa" }).click();
    await page.getByLabel("Select run run-a").check();
    await page.getByLabel("Select run run-b").check();
    await shot("dataset");
    await page.getByRole("button", { name: /Compare 2 runs/ }).click();
    await page.waitForURL(/\/datasets\/qa\/compare\?runs=run-a,run-b/);
    const matrix = page.getByTestId("compare-matrix");
    await matrix.waitFor();
    expect(await matrix.locator("thead th").allTextContents()).toEqual(["Item input", "Expected", "run-a", "run-b"]);
    expect(await matrix.locator("tbody tr").count()).toBe(1);
    expect(await page.getByTestId("compare-means").textContent()).toContain("helpful");
    await shot("dataset-compare");
  });

  it("submits a review with the keyboard and shows the ANNOTATION score on the trace", async () => {
    await page.goto(`${service.url}/review-queues`);
    await shot("review-queues");
    await page.getByRole("link", { name: "support" }).click();
    await page.getByTestId("review-item").waitFor();
    await shot("review");
    await page.keyboard.press("1");
    expect(await page.getByRole("radio", { name: "1. good" }).getAttribute("aria-checked")).toBe("true");
    await page.keyboard.press("Enter");
    await page.getByText("Nothing pending in this queue.").waitFor();

    await page.goto(`${service.url}/traces/t-good`);
    const scores = page.getByTestId("scores-table");
    await scores.waitFor();
    const row = scores.locator("tr", { hasText: "quality" });
    await row.waitFor();
    expect(await row.textContent()).toContain("good");
    expect(await row.textContent()).toContain("ANNOTATION");
  });

  it("rotates an API key: a new secret shown once, the old key refused", async () => {
    const old = await service.call<{ publicKey: string; secretKey: string }>("POST", "/v1/api-keys", {
      role: "VIEWER",
      note: "ci",
    });
    expect(old.status).toBe(201);
    await page.goto(`${service.url}/settings/api-keys`);
    const row = page.getByTestId(`key-${old.body.publicKey}`);
    await row.getByRole("button", { name: "Rotate" }).click();
    const minted = page.getByTestId("minted-key");
    await minted.waitFor();
    expect(await minted.textContent()).toContain(`Rotated ${old.body.publicKey}`);
    await row.waitFor({ state: "detached" });
    const secret = (await page.getByTestId("minted-secret").textContent())!.trim();
    const publicKey = (await page.getByTestId("minted-public").textContent())!.trim();
    expect((await service.call("GET", "/v1/traces", undefined, old.body)).status).toBe(401);
    expect((await service.call("GET", "/v1/traces", undefined, { publicKey, secretKey: secret })).status).toBe(200);
    const keys = await service.call<{ data: { publicKey: string; role: string; note: string }[] }>(
      "GET",
      "/v1/api-keys",
    );
    expect(keys.body.data.find((k) => k.publicKey === publicKey)).toMatchObject({ role: "VIEWER", note: "ci" });
    await shot("api-keys");
  });

  it("tests an evaluator's expression against an item", async () => {
    await page.goto(`${service.url}/evaluators`);
    await page.getByRole("link", { name: "short" }).click();
    await page.getByLabel("Item (JSON)").fill('{"output": "Hello!"}');
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await until(
      "the value",
      () => page.getByTestId("expression-result").textContent(),
      (t) => t === "Value: true",
      10_000,
    );
    await page.getByLabel("Expression").fill("len(output) <");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    // A compile error is the API's 400, shown with its message under the button.
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^400 invalid_input.+/);
    expect(await page.getByTestId("expression-result").count()).toBe(0);
    await shot("evaluator");
  });

  it("sends a refused key back to sign in, and returns to the page after signing in again", async () => {
    await page.evaluate(
      `sessionStorage.setItem("sightline.key", JSON.stringify({ publicKey: "pk-sl-gone", secretKey: "sk-sl-gone" }))`,
    );
    await page.goto(`${service.url}/datasets/qa`);
    await page.waitForURL(/\/sign-in\?next=%2Fdatasets%2Fqa$/);
    await page.getByLabel("Public key").fill(service.key.publicKey);
    await page.getByLabel("Secret key").fill(service.key.secretKey);
    await page.getByRole("button", { name: "Sign in with key" }).click();
    await page.waitForURL(/\/datasets\/qa$/);
    await page.getByTestId("runs-table").waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in$/);
    expect(await page.evaluate(`sessionStorage.getItem("sightline.key")`)).toBeNull();
    await page.getByLabel("Public key").fill(service.key.publicKey);
    await page.getByLabel("Secret key").fill(service.key.secretKey);
    await page.getByRole("button", { name: "Sign in with key" }).click();
    await page.waitForURL(/\/traces$/);
  });

  it("renders the remaining pages, and the dark theme", async () => {
    for (const [path, name, text] of [
      ["/metrics", "metrics", "Cost (USD) by day"],
      ["/sessions", "sessions", "s-1"],
      ["/sessions/s-1", "session", "billing-chat"],
      ["/sessions/s-1?groupBy=sessionPath", "session-grouped", "onboarding"],
      ["/settings/members", "members", "Add or change"],
      ["/scores?name=helpful&compare=quality", "scores", "Agreement over"],
      ["/evaluators", "evaluators", "From a judge template"],
      ["/settings/audit-log", "audit-log", "api_key"],
      ["/settings/ingest", "ingest", "Dead letters"],
      ["/observations?orderBy=latency", "observations", "answer-llm"],
      ["/users", "users-list", "ada"],
      ["/users?userId=ada", "users", "support-chat"],
      ["/settings/policies", "policies", "Save PII policy"],
      ["/settings/model-prices", "model-prices", "gpt-4o-mini"],
      ["/settings/automations", "automations", "Create"],
    ] as const) {
      await page.goto(`${service.url}${path}`);
      await page.getByText(text).first().waitFor();
      await settled();
      await shot(name);
    }
    await page.goto(`${service.url}/traces/t-good`);
    await page.getByTestId("observation-tree").getByText("answer-llm").waitFor();
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await until(
      "the dark scheme",
      () => page.locator("html").getAttribute("data-mantine-color-scheme"),
      (v) => v === "dark",
      5_000,
    );
    await shot("trace-dark");
    await page.getByRole("button", { name: "Toggle theme" }).click();
  });
});
