import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, SHOTS, signedInConsole, until } from "./harness";

// Comment threads and share links in the console (issue 29, items 5 and 6; docs/comments.md, docs/sharing.md),
// driven in the browser on `npm start`: the share link is opened in a fresh browser context with no cookies.

let service: Service;
let browser: Browser;
let page: Page;

const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `${name}.png`) });
/** Waits for the lazily loaded page and its data: no loader left on screen. */
const settled = (p: Page) => p.getByLabel("Loading").first().waitFor({ state: "detached" });

async function seed(s: Service) {
  expect(
    (
      await s.call("POST", "/v1/prompts", {
        name: "answer",
        type: "TEXT",
        content: "Answer {{question}}.",
        labels: ["production"],
      })
    ).status,
  ).toBe(201);
  const batch = [
    {
      id: "e1",
      type: "trace-create",
      timestamp: "2026-11-20T10:00:00.000Z",
      body: {
        id: "t-share",
        name: "refund-question",
        sessionId: "chat-7",
        input: { question: "Can I get a refund?" },
        output: "Refunds take 30 days.",
      },
    },
    {
      id: "e2",
      type: "generation-create",
      timestamp: "2026-11-20T10:00:00.100Z",
      body: {
        id: "g-1",
        traceId: "t-share",
        name: "llm-call",
        model: "gpt-4o",
        startTime: "2026-11-20T10:00:00.100Z",
        endTime: "2026-11-20T10:00:01.300Z",
        input: [{ role: "user", content: "Can I get a refund?" }],
        output: "Refunds take 30 days.",
        usageDetails: { input: 12, output: 6 },
      },
    },
    {
      id: "e3",
      type: "score-create",
      timestamp: "2026-11-20T10:00:02.000Z",
      body: { id: "s-1", traceId: "t-share", name: "helpful", value: 0 },
    },
  ];
  expect((await s.call("POST", "/v1/ingest", { batch })).status).toBe(207);
  await until(
    "the trace with its generation and score",
    () => s.call<{ observations?: unknown[]; scores?: unknown[] }>("GET", "/v1/traces/t-share"),
    (r) => r.status === 200 && r.body.observations?.length === 1 && r.body.scores?.length === 1,
  );
}

beforeAll(async () => {
  ({ service, browser, page } = await signedInConsole("social", seed, { acceptDialogs: true }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe("console comments and share links", () => {
  it("keeps a thread on the trace page: markdown rendered without raw HTML, the author's own comment edited and deleted", async () => {
    await page.goto(`${service.url}/traces/t-share`);
    await settled(page);
    const thread = page.getByTestId("comments-trace");
    await thread.getByText("No comments on this trace yet.").waitFor();

    await thread
      .getByLabel("New comment")
      .fill(
        '**Root cause**: the retriever missed the policy. <img src=x onerror="window.__pwned=1"> See https://example.com/policy [click me](javascript:window.__pwned=2)',
      );
    await thread.getByRole("button", { name: "Comment" }).click();
    const first = thread.getByTestId("comment").first();
    await first.waitFor();

    expect(await first.locator("strong").textContent()).toBe("Root cause");
    expect(await first.getByRole("link", { name: "https://example.com/policy" }).getAttribute("href")).toBe(
      "https://example.com/policy",
    );
    expect(await first.textContent()).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await first.locator("img").count()).toBe(0);
    expect(await first.getByText("click me").evaluate((el) => el.tagName)).toBe("SPAN");
    expect(await first.locator("a").count()).toBe(1);
    expect(await page.evaluate("window.__pwned")).toBeUndefined();

    await thread.getByLabel("New comment").fill("A second thought, to delete.");
    await thread.getByRole("button", { name: "Comment" }).click();
    await until(
      "two comments",
      () => thread.getByTestId("comment").count(),
      (n) => n === 2,
      10_000,
    );
    await thread.getByTestId("comment").nth(1).getByRole("button", { name: "Delete" }).click();
    await until(
      "one comment left",
      () => thread.getByTestId("comment").count(),
      (n) => n === 1,
      10_000,
    );

    await first.getByRole("button", { name: "Edit" }).click();
    await first
      .getByLabel("Edit comment")
      .fill("**Root cause**: the retriever missed the *refund policy*.\n\n- fix the index\n- add a dataset item");
    await first.getByRole("button", { name: "Save" }).click();
    await first.locator("em").waitFor();
    expect(await first.locator("li").allTextContents()).toEqual(["fix the index", "add a dataset item"]);
    expect(await first.textContent()).toContain("edited");
    await thread.getByLabel("New comment").scrollIntoViewIfNeeded();
    await shot(page, "comments-trace-thread");

    const stored = await service.call<{ data: { body: string }[] }>(
      "GET",
      "/v1/comments?objectType=TRACE&objectId=t-share",
    );
    expect(stored.body.data.map((c) => c.body)).toEqual([
      "**Root cause**: the retriever missed the *refund policy*.\n\n- fix the index\n- add a dataset item",
    ]);
  });

  it("keeps threads on the observation, session and prompt version pages", async () => {
    await page.goto(`${service.url}/traces/t-share?observation=g-1`);
    await settled(page);
    const onObservation = page.getByTestId("comments-observation");
    await onObservation.getByLabel("New comment").fill("Slow: 1.2 s for 6 tokens.");
    await onObservation.getByRole("button", { name: "Comment" }).click();
    await onObservation.getByTestId("comment").waitFor();

    await page.goto(`${service.url}/sessions/chat-7`);
    await settled(page);
    const onSession = page.getByTestId("comments-session");
    await onSession.getByLabel("New comment").fill("The whole chat went off track.");
    await onSession.getByRole("button", { name: "Comment" }).click();
    await onSession.getByTestId("comment").waitFor();

    await page.goto(`${service.url}/prompts/answer`);
    await settled(page);
    const onPrompt = page.getByTestId("comments-prompt");
    await onPrompt.getByLabel("New comment").fill("v1 never mentions the refund policy.");
    await onPrompt.getByRole("button", { name: "Comment" }).click();
    await onPrompt.getByTestId("comment").waitFor();
    await onPrompt.scrollIntoViewIfNeeded();
    await shot(page, "comments-prompt-version");

    const version = await service.call<{ id: string }>("GET", "/v1/prompts/answer?version=1");
    const threads = await Promise.all([
      service.call<{ data: { body: string }[] }>("GET", "/v1/comments?objectType=OBSERVATION&objectId=g-1"),
      service.call<{ data: { body: string }[] }>("GET", "/v1/comments?objectType=SESSION&objectId=chat-7"),
      service.call<{ data: { body: string }[] }>("GET", `/v1/comments?objectType=PROMPT&objectId=${version.body.id}`),
    ]);
    expect(threads.map((t) => t.body.data.map((c) => c.body))).toEqual([
      ["Slow: 1.2 s for 6 tokens."],
      ["The whole chat went off track."],
      ["v1 never mentions the refund policy."],
    ]);
  });

  it("shares the trace: the link opens read-only in a fresh browser without cookies, and shows not found once revoked", async () => {
    await page.goto(`${service.url}/traces/t-share`);
    await settled(page);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const url = (await dialog.getByTestId("share-url").textContent())!;
    expect(url).toMatch(new RegExp(`^${service.url}/shared/[A-Za-z0-9_-]{43}$`));
    await shot(page, "share-dialog");

    const stranger = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
    const outside = await stranger.newPage();
    outside.setDefaultTimeout(15_000);
    await outside.goto(url);
    const shared = outside.getByTestId("shared-trace");
    await shared.waitFor();
    expect(await shared.getByRole("heading", { level: 2 }).textContent()).toBe("refund-question");
    expect(await shared.getByTestId("scores-table").textContent()).toContain("helpful");
    expect(await shared.textContent()).toContain("Can I get a refund?");
    await shared.getByTestId("obs-row").nth(1).click();
    expect(await shared.getByTestId("observation-detail").textContent()).toContain("llm-call");
    expect(await outside.getByTestId("comments-trace").count()).toBe(0);
    expect(await outside.getByRole("button", { name: "Share" }).count()).toBe(0);
    expect(await stranger.cookies()).toEqual([]);
    await shot(outside, "shared-trace-public");

    await dialog.getByTestId("share-links").getByRole("button", { name: "Revoke" }).click();
    await dialog.getByTestId("share-links").getByText("revoked").waitFor();
    await outside.reload();
    await outside.getByTestId("shared-not-found").waitFor();
    expect(await outside.getByTestId("shared-not-found").textContent()).toContain("This link is not valid");
    expect(await outside.getByTestId("shared-trace").count()).toBe(0);
    await shot(outside, "shared-trace-revoked");
    await stranger.close();
  });
});
