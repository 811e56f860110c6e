import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, SHOTS, signedInConsole, until } from "./harness";

// Trace → dataset in the console (docs/datasets.md, "From traces"): "Add to dataset" on a trace and on an
// observation with the expected output edited before saving, the span explorer's bulk action, and the item's source
// shown as links on the dataset page, driven in the browser on `npm start`.

let service: Service;
let browser: Browser;
let page: Page;

type Item = {
  id: string;
  input: unknown;
  expectedOutput: unknown;
  sourceTraceId: string | null;
  sourceObservationId: string | null;
};

const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const items = async () => (await service.call<{ items: Item[] }>("GET", "/v1/datasets/cases")).body.items;

async function seed(s: Service) {
  const batch = [
    {
      id: "e1",
      type: "trace-create",
      timestamp: "2026-11-20T10:00:00.000Z",
      body: {
        id: "t-1",
        name: "support-chat",
        input: { question: "Where is my order?" },
        output: "No idea.",
        metadata: { channel: "web" },
      },
    },
    {
      id: "e2",
      type: "generation-create",
      timestamp: "2026-11-20T10:00:00.100Z",
      body: {
        id: "g-1",
        traceId: "t-1",
        name: "answer",
        model: "gpt-4o-mini",
        startTime: "2026-11-20T10:00:00.100Z",
        input: [{ role: "user", content: "Where is my order?" }],
        output: "No idea.",
      },
    },
    {
      id: "e3",
      type: "trace-create",
      timestamp: "2026-11-20T11:00:00.000Z",
      body: { id: "t-2", name: "support-chat", input: "refund?", output: "Maybe." },
    },
    {
      id: "e4",
      type: "generation-create",
      timestamp: "2026-11-20T11:00:00.100Z",
      body: {
        id: "g-2",
        traceId: "t-2",
        name: "classify",
        model: "bulk-model",
        startTime: "2026-11-20T11:00:00.100Z",
        input: "refund?",
        output: "billing",
      },
    },
    {
      id: "e5",
      type: "generation-create",
      timestamp: "2026-11-20T11:00:00.200Z",
      body: {
        id: "g-3",
        traceId: "t-2",
        name: "answer",
        model: "bulk-model",
        startTime: "2026-11-20T11:00:00.200Z",
        input: "refund?",
        output: "Maybe.",
      },
    },
  ];
  expect((await s.call("POST", "/v1/ingest", { batch })).status).toBe(207);
  await until(
    "the traces",
    () => s.call<{ observations: unknown[] }>("GET", "/v1/traces/t-2"),
    (r) => r.status === 200 && r.body.observations.length === 2,
  );
  await until(
    "the first trace",
    () => s.call<{ observations: unknown[] }>("GET", "/v1/traces/t-1"),
    (r) => r.status === 200 && r.body.observations.length === 1,
  );
  expect((await s.call("POST", "/v1/datasets", { name: "cases" })).status).toBe(201);
}

/** Opens "Add to dataset" in `scope`, picks the dataset `cases`. */
async function pickCases(button: string, panel: string) {
  await page.getByTestId(button).click();
  const form = page.getByTestId(panel);
  await form.getByRole("textbox", { name: "Dataset" }).click();
  await page.getByRole("option", { name: "cases" }).click();
  return form;
}

beforeAll(async () => {
  ({ service, browser, page } = await signedInConsole("trace-to-dataset", seed));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe("trace to dataset in the console", () => {
  it("adds a trace to a dataset from its page, with the expected output corrected before saving", async () => {
    await page.goto(`${service.url}/traces/t-1`);

    const form = await pickCases("add-to-dataset", "add-to-dataset-panel");
    const expected = form.getByLabel(/^Expected output/);
    expect(JSON.parse(await expected.inputValue())).toBe("No idea.");
    await expected.fill('"It ships tomorrow; here is the tracking link."');
    await shot("trace-add-to-dataset");
    await form.getByRole("button", { name: "Save item" }).click();
    await form.getByRole("status").filter({ hasText: "Added to cases" }).waitFor();

    expect(await items()).toMatchObject([
      {
        input: { question: "Where is my order?" },
        expectedOutput: "It ships tomorrow; here is the tracking link.",
        sourceTraceId: "t-1",
        sourceObservationId: null,
      },
    ]);
  });

  it("adds an observation from the observation view; a second copy shows the 409 and can replace the first", async () => {
    await page.goto(`${service.url}/traces/t-1?observation=g-1`);
    await page.getByTestId("observation-detail").waitFor();

    const form = await pickCases("add-to-dataset", "add-to-dataset-panel");
    await form.getByRole("button", { name: "Save item" }).click();
    await form.getByRole("status").filter({ hasText: "Added to cases" }).waitFor();
    await form.getByRole("button", { name: "Save item" }).click();
    const alert = form.getByRole("alert");
    await alert.waitFor();
    await shot("observation-add-to-dataset-conflict");

    expect(await alert.textContent()).toContain("409 conflict");
    expect(await alert.textContent()).toContain("already holds item");
    expect((await items()).filter((i) => i.sourceObservationId === "g-1")).toMatchObject([
      { input: [{ role: "user", content: "Where is my order?" }], expectedOutput: "No idea.", sourceTraceId: "t-1" },
    ]);

    await form.getByLabel(/^Expected output/).fill('"Tracking link sent."');
    await form.getByRole("button", { name: "Replace that item with this one" }).click();
    await form.getByRole("status").filter({ hasText: "Added to cases" }).waitFor();
    expect((await items()).filter((i) => i.sourceObservationId === "g-1")).toMatchObject([
      { expectedOutput: "Tracking link sent." },
    ]);
  });

  it("adds every observation the span explorer's filters select, with the counts", async () => {
    await page.goto(`${service.url}/observations?model=bulk-model`);
    await page.getByText("classify").waitFor();

    const form = await pickCases("bulk-add-to-dataset", "bulk-add-panel");
    await form.getByRole("button", { name: "Add to dataset" }).click();
    const status = form.getByRole("status");
    await status.waitFor();
    await shot("span-explorer-add-to-dataset");

    expect(await status.textContent()).toContain("Added 2, skipped 0 of 2 selected");
    expect(
      (await items())
        .filter((i) => i.sourceTraceId === "t-2")
        .map((i) => i.sourceObservationId)
        .sort(),
    ).toEqual(["g-2", "g-3"]);
  });

  it("shows each copied item's source on the dataset page as links to the trace and the observation", async () => {
    await page.goto(`${service.url}/datasets/cases`);
    const sources = page.getByTestId("item-source");
    await until(
      "the four sources",
      () => sources.count(),
      (n) => n === 4,
      15_000,
    );
    await shot("dataset-item-sources");

    await page.getByRole("link", { name: "observation g-1" }).click();
    await page.waitForURL(/\/traces\/t-1\?observation=g-1$/);
    await page.getByTestId("observation-detail").waitFor();
    expect(await page.getByTestId("observation-detail").textContent()).toContain("answer");
  });
});
