import { LangfuseClient } from "@langfuse/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { include, newProject, save, text } from "./support";

describe("GET /api/public/v2/prompts/{name} with @langfuse/client", () => {
  let app: TestApp;
  let key: Awaited<ReturnType<typeof newProject>>;
  let langfuse: LangfuseClient;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    langfuse = new LangfuseClient({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });
  });
  afterAll(async () => {
    await langfuse?.shutdown();
    await app?.close();
  });

  it("fetches the production TEXT prompt, includes expanded, and compiles it unchanged", async () => {
    await save(app, key, text("signature", "-- {{agent}}", { labels: ["production"] }));
    await save(
      app,
      key,
      text("greeting", `Hello {{name}}! ${include("signature", "label=production")}`, {
        labels: ["production"],
        config: { temperature: 0.1 },
      }),
    );

    const prompt = await langfuse.prompt.get("greeting");

    expect(prompt.type).toBe("text");
    expect(prompt.version).toBe(1);
    expect(prompt.config).toEqual({ temperature: 0.1 });
    expect(prompt.labels).toEqual(["latest", "production"]);
    expect(prompt.isFallback).toBe(false);
    expect(prompt.compile({ name: "Ada", agent: "Sam" })).toBe("Hello Ada! -- Sam");
  });

  it("fetches a CHAT prompt and compiles its variables and placeholders", async () => {
    await save(app, key, {
      name: "assistant",
      type: "CHAT",
      labels: ["production"],
      content: [
        { role: "system", content: "Help {{user}}." },
        { type: "placeholder", name: "history" },
        { role: "user", content: "{{question}}" },
      ],
    });

    const prompt = await langfuse.prompt.get("assistant", { type: "chat" });

    expect(prompt.type).toBe("chat");
    expect(
      prompt.compile({ user: "Ada", question: "Why?" }, { history: [{ role: "assistant", content: "Hi" }] }),
    ).toEqual([
      { role: "system", content: "Help Ada." },
      { role: "assistant", content: "Hi" },
      { role: "user", content: "Why?" },
    ]);
  });

  it("fetches by label and by version", async () => {
    await save(app, key, text("release", "one", { labels: ["production"] }));
    await save(app, key, text("release", "two", { labels: ["staging"] }));

    const staging = await langfuse.prompt.get("release", { label: "staging" });
    const first = await langfuse.prompt.get("release", { version: 1 });
    const production = await langfuse.prompt.get("release", { cacheTtlSeconds: 0 });

    expect([staging.prompt, staging.version]).toEqual(["two", 2]);
    expect([first.prompt, first.version]).toEqual(["one", 1]);
    expect(production.prompt).toBe("one");
  });

  it("answers in the shape Langfuse's API documents, and the raw body with resolve=false", async () => {
    await save(app, key, text("part", "PART", { labels: ["production"] }));
    await save(
      app,
      key,
      text("whole", `[${include("part", "label=production")}]`, { labels: ["production"], commitMessage: "c1" }),
    );

    const res = await app.call("GET", "/api/public/v2/prompts/whole", { key });
    const raw = await app.call("GET", "/api/public/v2/prompts/whole?resolve=false", { key });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "whole",
      version: 1,
      type: "text",
      prompt: "[PART]",
      config: {},
      labels: ["latest", "production"],
      tags: [],
      commitMessage: "c1",
      projectId: key.id,
    });
    expect(Object.keys(res.body).sort()).toEqual([
      "commitMessage",
      "config",
      "createdAt",
      "id",
      "labels",
      "name",
      "projectId",
      "prompt",
      "resolutionGraph",
      "tags",
      "type",
      "updatedAt",
      "version",
    ]);
    expect(res.body.resolutionGraph.dependencies[res.body.id]).toEqual([
      expect.objectContaining({ name: "part", version: 1 }),
    ]);
    expect(raw.body).toMatchObject({ prompt: `[${include("part", "label=production")}]`, resolutionGraph: null });
  });

  it("surfaces a missing prompt as the client's not-found error", async () => {
    await expect(langfuse.prompt.get("does-not-exist")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("deletes one version, the version of a label, and then the whole prompt through the client", async () => {
    await save(app, key, text("doomed", "one", { labels: ["production"] }));
    await save(app, key, text("doomed", "two", { labels: ["staging"] }));
    await save(app, key, text("doomed", "three"));
    await langfuse.prompt.get("doomed");

    await langfuse.prompt.delete("doomed", { version: 3 });
    const latest = await langfuse.prompt.get("doomed", { label: "latest", cacheTtlSeconds: 0 });
    await langfuse.prompt.delete("doomed", { label: "production" });
    await expect(langfuse.prompt.get("doomed", { label: "production", cacheTtlSeconds: 0 })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(langfuse.prompt.delete("doomed", { version: 9 })).rejects.toMatchObject({ statusCode: 404 });
    await langfuse.prompt.delete("doomed");

    expect(latest).toMatchObject({ version: 2, prompt: "two" });
    expect((await app.call("GET", "/v1/prompts/doomed", { key })).status).toBe(404);
    await expect(langfuse.prompt.get("doomed", { cacheTtlSeconds: 0 })).rejects.toMatchObject({ statusCode: 404 });
  });
});
