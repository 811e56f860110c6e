import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { newProject } from "../../support/projects";
import { promptEvents } from "../../support/prompt-events";

type Key = Awaited<ReturnType<typeof newProject>>;

describe("Langfuse prompt writes over HTTP (/api/public/v2/prompts)", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });

  it("creates a chat version from Langfuse's body and answers Langfuse's prompt", async () => {
    key = await newProject(app);

    const res = await call("POST", "/api/public/v2/prompts", {
      name: "bot",
      type: "chat",
      prompt: [
        { type: "chatmessage", role: "system", content: "Be {{tone}}" },
        { type: "placeholder", name: "history" },
      ],
      labels: ["production"],
      commitMessage: "first",
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "bot",
      version: 1,
      type: "chat",
      prompt: [
        { role: "system", content: "Be {{tone}}" },
        { type: "placeholder", name: "history" },
      ],
      labels: ["latest", "production"],
      tags: [],
      commitMessage: "first",
      config: {},
      projectId: key.id,
    });
  });

  it("refuses the reserved label latest, on create and on a label move, writing nothing", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one" });

    const create = await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two", labels: ["latest"] });
    const move = await call("PATCH", "/api/public/v2/prompts/p/versions/1", { newLabels: ["latest"] });
    const list = await call("GET", "/api/public/v2/prompts?name=p");

    expect(create.status).toBe(400);
    expect(create.body).toMatchObject({ error: "InvalidRequestError", code: "invalid_input" });
    expect(create.body.message).toContain("The label 'latest' is managed by the service");
    expect(move.status).toBe(400);
    expect(list.body.data[0].versions).toEqual([1]);
  });

  it("refuses tags and folder-style names with slashes, which the registry does not keep", async () => {
    key = await newProject(app);

    const tags = await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "x", tags: ["a"] });
    const slash = await call("POST", "/api/public/v2/prompts", { name: "team/p", prompt: "x" });

    expect(tags.status).toBe(400);
    expect(tags.body.message).toContain("Prompt tags are not kept here");
    expect(slash.status).toBe(400);
    expect(slash.body.message).toContain("A prompt name starts with a letter or digit");
  });

  it("moves several labels onto a version in one change, with one prompt.label.moved per label that left another version", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one", labels: ["production", "staging"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two" });

    const res = await call("PATCH", "/api/public/v2/prompts/p/versions/2", {
      newLabels: ["production", "staging", "canary"],
    });
    const moved = (await promptEvents(app, key.id)).filter((e) => e.type === "prompt.label.moved");

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "p",
      version: 2,
      prompt: "two",
      labels: ["canary", "latest", "production", "staging"],
    });
    expect(moved.map((e) => (e.payload as { label: string }).label).sort()).toEqual(["production", "staging"]);
  });

  it("answers 404 for an unknown prompt or version on a label move", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one" });

    const prompt = await call("PATCH", "/api/public/v2/prompts/nope/versions/1", { newLabels: ["production"] });
    const version = await call("PATCH", "/api/public/v2/prompts/p/versions/9", { newLabels: ["production"] });

    expect(prompt.status).toBe(404);
    expect(prompt.body.error).toBe("LangfuseNotFoundError");
    expect(version.status).toBe(404);
  });

  it("lists prompts filtered by label and time, and a page past the end is empty with the true meta", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "a", prompt: "1", labels: ["production"], config: { t: 1 } });
    await call("POST", "/api/public/v2/prompts", { name: "a", prompt: "2", config: { t: 2 } });
    await call("POST", "/api/public/v2/prompts", { name: "b", prompt: "1" });

    const production = await call("GET", "/api/public/v2/prompts?label=production");
    const future = await call(
      "GET",
      `/api/public/v2/prompts?fromUpdatedAt=${encodeURIComponent("2999-01-01T00:00:00Z")}`,
    );
    const past = await call("GET", "/api/public/v2/prompts?page=2&limit=2");
    const tagged = await call("GET", "/api/public/v2/prompts?tag=x");

    expect(production.body.data).toEqual([
      {
        name: "a",
        type: "text",
        versions: [1],
        labels: ["production"],
        tags: [],
        lastUpdatedAt: expect.any(String),
        lastConfig: { t: 1 },
      },
    ]);
    expect(future.body).toEqual({ data: [], meta: { page: 1, limit: 50, totalItems: 0, totalPages: 0 } });
    expect(past.body).toEqual({ data: [], meta: { page: 2, limit: 2, totalItems: 2, totalPages: 1 } });
    expect(tagged.body.meta.totalItems).toBe(0);
  });

  it("deletes a prompt whole (204) without a filter, and answers Langfuse's 404 body for an unknown prompt", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one", labels: ["production"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two" });

    const deleted = await call("DELETE", "/api/public/v2/prompts/p");
    const gone = await call("GET", "/api/public/v2/prompts/p?version=1");
    const again = await call("DELETE", "/api/public/v2/prompts/p");

    expect(deleted.status).toBe(204);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "prompt 'p' not found", error: "LangfuseNotFoundError", code: "not_found" });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "prompt 'p' not found", error: "LangfuseNotFoundError", code: "not_found" });
  });

  it("deletes one version by number: its labels go, latest moves to the highest version left, the rest stays", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one", labels: ["production"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two", labels: ["staging"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "three", labels: ["canary"] });

    const res = await call("DELETE", "/api/public/v2/prompts/p?version=3");
    const latest = await call("GET", "/api/public/v2/prompts/p?label=latest");
    const canary = await call("GET", "/api/public/v2/prompts/p?label=canary");
    const v3 = await call("GET", "/api/public/v2/prompts/p?version=3");
    const production = await call("GET", "/api/public/v2/prompts/p");
    const list = await call("GET", "/api/public/v2/prompts?name=p");
    const audit = await call("GET", "/v1/audit-log?action=prompt.version_deleted");

    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(latest.body).toMatchObject({ version: 2, prompt: "two", labels: ["latest", "staging"] });
    expect(canary.status).toBe(404);
    expect(canary.body).toEqual({
      message: "prompt 'p' has no version with label 'canary'",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(v3.status).toBe(404);
    expect(production.body).toMatchObject({ version: 1, prompt: "one", labels: ["production"] });
    expect(list.body.data).toEqual([
      expect.objectContaining({ name: "p", versions: [1, 2], labels: ["latest", "production", "staging"] }),
    ]);
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        action: "prompt.version_deleted",
        details: { name: "p", version: 3, labels: ["canary"], latestVersion: 2 },
      }),
    ]);
  });

  it("deletes the version a label points at; an older version deleted leaves latest where it is", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one", labels: ["production"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two" });

    const res = await call("DELETE", "/api/public/v2/prompts/p?label=production");
    const production = await call("GET", "/api/public/v2/prompts/p");
    const latest = await call("GET", "/api/public/v2/prompts/p?label=latest");
    const detail = await call("GET", "/v1/prompts/p");

    expect(res.status).toBe(204);
    expect(production.status).toBe(404);
    expect(production.body.message).toBe("prompt 'p' has no version with label 'production'");
    expect(latest.body).toMatchObject({ version: 2, prompt: "two", labels: ["latest"] });
    expect(detail.body.versions.map((v: { version: number }) => v.version)).toEqual([2]);
    expect(detail.body.channels).toEqual({ latest: 2 });
  });

  it("answers 404 for an unknown version or label and 400 for both filters, deleting nothing", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one", labels: ["production"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two" });

    const version = await call("DELETE", "/api/public/v2/prompts/p?version=9");
    const label = await call("DELETE", "/api/public/v2/prompts/p?label=staging");
    const both = await call("DELETE", "/api/public/v2/prompts/p?version=1&label=production");
    const badVersion = await call("DELETE", "/api/public/v2/prompts/p?version=x");
    const list = await call("GET", "/api/public/v2/prompts?name=p");

    expect(version.status).toBe(404);
    expect(version.body).toEqual({
      message: "prompt 'p' has no version 9",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(label.status).toBe(404);
    expect(label.body.message).toBe("prompt 'p' has no version with label 'staging'");
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ error: "InvalidRequestError", code: "invalid_input" });
    expect(both.body.message).toContain("Give label or version, not both");
    expect(badVersion.status).toBe(400);
    expect(list.body.data[0].versions).toEqual([1, 2]);
  });

  it("deleting the last version deletes the prompt; a later save starts again at version 1", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one" });

    const res = await call("DELETE", "/api/public/v2/prompts/p?version=1");
    const gone = await call("GET", "/v1/prompts/p");
    const list = await call("GET", "/api/public/v2/prompts?name=p");
    const again = await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "new" });
    const audit = await call("GET", "/v1/audit-log?action=prompt.deleted");

    expect(res.status).toBe(204);
    expect(gone.status).toBe(404);
    expect(list.body.meta.totalItems).toBe(0);
    expect(again.body).toMatchObject({ version: 1, prompt: "new", labels: ["latest"] });
    expect(audit.body.data).toEqual([
      expect.objectContaining({ action: "prompt.deleted", details: { name: "p", versions: 1 } }),
    ]);
  });

  it("a later save after the newest version was deleted takes the highest version left + 1, as Langfuse does", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "one" });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two" });

    await call("DELETE", "/api/public/v2/prompts/p?label=latest");
    const saved = await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "two again" });

    expect(saved.body).toMatchObject({ version: 2, prompt: "two again", labels: ["latest"] });
  });

  it("deletes only in the key's project: the same name elsewhere keeps every version", async () => {
    const other = await newProject(app);
    key = other;
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "theirs 1", labels: ["production"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "theirs 2" });
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "mine 1", labels: ["production"] });
    await call("POST", "/api/public/v2/prompts", { name: "p", prompt: "mine 2" });

    const byVersion = await call("DELETE", "/api/public/v2/prompts/p?version=2");
    const byLabel = await call("DELETE", "/api/public/v2/prompts/p?label=production");
    const mine = await call("GET", "/v1/prompts/p");
    key = other;
    const theirs = await call("GET", "/api/public/v2/prompts?name=p");
    const theirProduction = await call("GET", "/api/public/v2/prompts/p");

    expect(byVersion.status).toBe(204);
    expect(byLabel.status).toBe(204);
    expect(mine.status).toBe(404);
    expect(theirs.body.data[0]).toMatchObject({ versions: [1, 2], labels: ["latest", "production"] });
    expect(theirProduction.body).toMatchObject({ version: 1, prompt: "theirs 1" });
  });

  it("gives the console a version's raw body on /v1 (resolve=false), as it no longer reads the Langfuse route", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/prompts", { name: "part", prompt: "PART", labels: ["production"] });
    await call("POST", "/api/public/v2/prompts", {
      name: "p",
      prompt: "a @@@servicePrompt:name=part|label=production@@@",
    });

    const raw = await call("GET", "/v1/prompts/p?version=1&resolve=false");
    const resolved = await call("GET", "/v1/prompts/p?version=1");

    expect(raw.body).toMatchObject({ version: 1, type: "TEXT", resolved: false });
    expect(raw.body.content).toBe("a @@@servicePrompt:name=part|label=production@@@");
    expect(resolved.body.content).toBe("a PART");
  });
});
