import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, SHOTS, signedInConsole, until } from "./harness";

// The Export button of the traces, span explorer and scores pages (docs/export.md, "Console"): the file holds every
// row the page's filters select, driven in the browser on `npm start`.

let service: Service;
let browser: Browser;
let page: Page;

async function seed(s: Service) {
  const batch = [
    {
      id: "e1",
      type: "trace-create",
      timestamp: "2026-11-20T10:00:00.000Z",
      body: { id: "t-1", name: "support-chat", userId: "ada" },
    },
    {
      id: "e2",
      type: "generation-create",
      timestamp: "2026-11-20T10:00:00.100Z",
      body: { id: "g-1", traceId: "t-1", name: "answer", model: "gpt-4o-mini", startTime: "2026-11-20T10:00:00.100Z" },
    },
    {
      id: "e3",
      type: "trace-create",
      timestamp: "2026-11-20T11:00:00.000Z",
      body: { id: "t-2", name: "search", userId: "bob" },
    },
    {
      id: "e4",
      type: "generation-create",
      timestamp: "2026-11-20T11:00:00.100Z",
      body: { id: "g-2", traceId: "t-2", name: "classify", model: "bulk-model", startTime: "2026-11-20T11:00:00.100Z" },
    },
    {
      id: "e5",
      type: "score-create",
      timestamp: "2026-11-20T11:00:01.000Z",
      body: { id: "s-1", traceId: "t-2", name: "helpful", value: 1 },
    },
    {
      id: "e6",
      type: "score-create",
      timestamp: "2026-11-20T11:00:01.000Z",
      body: { id: "s-2", traceId: "t-1", name: "tone", value: "kind", dataType: "CATEGORICAL" },
    },
  ];
  expect((await s.call("POST", "/v1/ingest", { batch })).status).toBe(207);
  await until(
    "the traces",
    () => s.call<{ data: unknown[] }>("GET", "/v1/observations"),
    (r) => r.status === 200 && r.body.data.length === 2,
  );
  await until(
    "the scores",
    () => s.call<{ data: unknown[] }>("GET", "/v1/scores"),
    (r) => r.status === 200 && r.body.data.length === 2,
  );
}

/** Clicks Export → `format` and returns the saved file's name and text. */
async function download(table: string, format: "CSV" | "JSONL") {
  await page.getByRole("button", { name: `Export ${table}` }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: format }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, "utf8") };
}

beforeAll(async () => {
  ({ service, browser, page } = await signedInConsole("exports", seed));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe("exports from the console", () => {
  it("downloads the span explorer's rows with its filters as CSV", async () => {
    await page.goto(`${service.url}/observations?model=bulk-model`);
    await page.getByText("classify").first().waitFor();
    await page.getByRole("button", { name: "Export observations" }).click();
    await page.getByRole("menuitem", { name: "JSONL" }).waitFor();
    await page.screenshot({ path: join(SHOTS, "export-menu.png") });
    await page.keyboard.press("Escape");

    const { name, text } = await download("observations", "CSV");
    const [header, ...rows]: string[][] = parse(text);

    expect(name).toMatch(/^observations-.*\.csv$/);
    expect(rows.map((r) => r[header!.indexOf("id")])).toEqual(["g-2"]);
    expect(rows[0]![header!.indexOf("model")]).toBe("bulk-model");
  });

  it("downloads the traces page's rows with its filters as JSONL", async () => {
    await page.goto(`${service.url}/traces?userId=ada`);
    await page.getByText("support-chat").first().waitFor();

    const { name, text } = await download("traces", "JSONL");

    expect(name).toMatch(/^traces-.*\.jsonl$/);
    expect(
      text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).id),
    ).toEqual(["t-1"]);
  });

  it("downloads the scores of the score the page shows", async () => {
    await page.goto(`${service.url}/scores?name=helpful`);

    const { text } = await download("scores", "JSONL");

    expect(
      text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l)),
    ).toMatchObject([{ id: "s-1", name: "helpful", value: 1 }]);
  });
});
