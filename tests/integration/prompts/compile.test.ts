import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { include, newProject, save, text } from "./support";

describe("POST /v1/prompts/{name}/compile", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("compiles a TEXT prompt to a string: known variables substituted, unknown ones left as written", async () => {
    const key = await newProject(app);
    await save(
      app,
      key,
      text("greeting", "Hello {{name}}, you have {{ count }} new {{things}}.", {
        labels: ["production"],
        config: { model: "m" },
      }),
    );

    const res = await app.call("POST", "/v1/prompts/greeting/compile", {
      key,
      body: { variables: { name: "Ada", count: 3 } },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: "greeting",
      version: 1,
      type: "TEXT",
      labels: ["latest", "production"],
      config: { model: "m" },
      compiled: "Hello Ada, you have 3 new {{things}}.",
    });
  });

  it("compiles a CHAT prompt to messages: slots filled from placeholders, unfilled slots removed, variables substituted", async () => {
    const key = await newProject(app);
    await save(app, key, {
      name: "chat",
      type: "CHAT",
      labels: ["production"],
      content: [
        { role: "system", content: "You help {{user}} with {{topic}}." },
        { type: "placeholder", name: "history" },
        { type: "placeholder", name: "examples" },
        { role: "user", content: "{{question}}" },
      ],
    });

    const res = await app.call("POST", "/v1/prompts/chat/compile", {
      key,
      body: {
        variables: { user: "Ada", question: "Why?" },
        placeholders: {
          history: [
            { role: "user", content: "Hi" },
            { role: "assistant", content: "Hello {{user}}" },
          ],
        },
      },
    });

    expect(res.body.compiled).toEqual([
      { role: "system", content: "You help Ada with {{topic}}." },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello Ada" },
      { role: "user", content: "Why?" },
    ]);
  });

  it("uses the production channel by default and answers 404 when no version holds it", async () => {
    const key = await newProject(app);
    await save(app, key, text("draft", "v1"));

    const res = await app.call("POST", "/v1/prompts/draft/compile", { key, body: {} });
    const missing = await app.call("POST", "/v1/prompts/nope/compile", { key, body: {} });

    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("prompt 'draft' has no version with label 'production'");
    expect([missing.status, missing.body.error.message]).toEqual([404, "prompt 'nope' not found"]);
  });

  it("compiles the version a channel or a version number selects", async () => {
    const key = await newProject(app);
    await save(app, key, text("greeting", "one", { labels: ["production"] }));
    await save(app, key, text("greeting", "two", { labels: ["staging"] }));

    const production = await app.call("POST", "/v1/prompts/greeting/compile", { key, body: {} });
    const staging = await app.call("POST", "/v1/prompts/greeting/compile", { key, body: { channel: "staging" } });
    const version = await app.call("POST", "/v1/prompts/greeting/compile", { key, body: { version: 1 } });
    const both = await app.call("POST", "/v1/prompts/greeting/compile", {
      key,
      body: { channel: "staging", version: 1 },
    });

    expect([production.body.compiled, staging.body.compiled, version.body.compiled]).toEqual(["one", "two", "one"]);
    expect(both.status).toBe(400);
    expect(both.body.error.message).toBe("Invalid body: Give channel or version, not both");
  });

  it("expands includes before substituting, so variables of included prompts are filled too", async () => {
    const key = await newProject(app);
    await save(app, key, text("signature", "-- {{agent}}", { labels: ["production"] }));
    await save(
      app,
      key,
      text("mail", `Dear {{name}},\n${include("signature", "label=production")}`, { labels: ["production"] }),
    );

    const res = await app.call("POST", "/v1/prompts/mail/compile", {
      key,
      body: { variables: { name: "Ada", agent: "Sam" } },
    });

    expect(res.body.compiled).toBe("Dear Ada,\n-- Sam");
  });

  it("takes a request without a body as no variables and no placeholders", async () => {
    const key = await newProject(app);
    await save(app, key, text("plain", "Hi {{name}}", { labels: ["production"] }));

    const res = await app.call("POST", "/v1/prompts/plain/compile", { key });

    expect([res.status, res.body.compiled]).toEqual([200, "Hi {{name}}"]);
  });

  it("refuses placeholder values that are not messages with 400", async () => {
    const key = await newProject(app);
    await save(app, key, {
      name: "chat",
      type: "CHAT",
      labels: ["production"],
      content: [{ type: "placeholder", name: "history" }],
    });

    const res = await app.call("POST", "/v1/prompts/chat/compile", {
      key,
      body: { placeholders: { history: "not messages" } },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message.startsWith("Invalid body.placeholders.history")).toBe(true);
  });
});
