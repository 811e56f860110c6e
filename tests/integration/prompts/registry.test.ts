import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { include, newProject, promptEvents, save, text } from "./support";

describe("prompt registry", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  describe("POST /v1/prompts", () => {
    it("saves version 1 of a new name, points latest and the given labels at it, and fires prompt.created", async () => {
      const key = await newProject(app);

      const res = await app.call("POST", "/v1/prompts", {
        key,
        body: {
          name: "greeting",
          folder: "support",
          type: "TEXT",
          content: "Hello {{name}}",
          config: { temperature: 0.2 },
          labels: ["production"],
          commitMessage: "first",
        },
      });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: "greeting",
        folder: "support",
        type: "TEXT",
        version: 1,
        content: "Hello {{name}}",
        config: { temperature: 0.2 },
        labels: ["latest", "production"],
        commitMessage: "first",
        resolved: false,
        placeholders: [],
        variables: ["name"],
        channels: { latest: 1, production: 1 },
      });
      expect(await promptEvents(app, key.id)).toEqual([
        {
          type: "prompt.created",
          payload: {
            name: "greeting",
            version: 1,
            labels: ["latest", "production"],
            projectId: key.id,
            type: "TEXT",
            folder: "support",
          },
        },
      ]);
    });

    it("saves the next version on every later save: latest moves, other labels stay unless given, prompt.updated fires", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1", { labels: ["production"] }));

      const v2 = await save(app, key, text("greeting", "v2"));
      const v1 = await app.call("GET", "/v1/prompts/greeting?version=1", { key });

      expect(v2).toMatchObject({
        version: 2,
        content: "v2",
        labels: ["latest"],
        channels: { latest: 2, production: 1 },
      });
      expect(v1.body).toMatchObject({ version: 1, content: "v1", labels: ["production"] });
      expect((await promptEvents(app, key.id)).map((e) => e.type)).toEqual(["prompt.created", "prompt.updated"]);
    });

    it("fires prompt.label.moved for a label that left another version, never for latest nor for a label new to the prompt", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1", { labels: ["production"] }));
      await save(app, key, text("greeting", "v2"));

      await save(app, key, text("greeting", "v3", { labels: ["production", "staging"] }));

      const events = await promptEvents(app, key.id);
      expect(events.map((e) => e.type)).toEqual([
        "prompt.created",
        "prompt.updated",
        "prompt.updated",
        "prompt.label.moved",
      ]);
      expect(events[3]!.payload).toEqual({
        name: "greeting",
        version: 3,
        labels: ["latest", "production", "staging"],
        projectId: key.id,
        type: "TEXT",
        folder: null,
        label: "production",
        fromVersion: 1,
      });
    });

    it("keeps versions immutable and lists them newest first with their labels", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1", { labels: ["production"], commitMessage: "one" }));
      await save(app, key, text("greeting", "v2", { labels: ["staging"] }));

      const res = await app.call("GET", "/v1/prompts/greeting", { key });

      expect(res.body.versions.map((v: any) => [v.version, v.labels, v.commitMessage])).toEqual([
        [2, ["latest", "staging"], null],
        [1, ["production"], "one"],
      ]);
      expect(res.body.channels).toEqual({ latest: 2, production: 1, staging: 2 });
    });

    it("lets a later save change the type", async () => {
      const key = await newProject(app);
      await save(app, key, text("assistant", "You help."));

      const chat = await app.call("POST", "/v1/prompts", {
        key,
        body: { name: "assistant", type: "CHAT", content: [{ role: "system", content: "You help." }] },
      });

      expect(chat.status).toBe(201);
      expect(chat.body).toMatchObject({ version: 2, type: "CHAT" });
      expect(chat.body.versions.map((v: any) => v.type)).toEqual(["CHAT", "TEXT"]);
    });

    it("reads back a TEXT body that looks like JSON exactly as saved", async () => {
      const key = await newProject(app);
      const bodies = ["123", '{"answer": 42}', "true", "[1, 2]"];
      for (const [i, content] of bodies.entries())
        await save(app, key, text(`json-like-${i}`, content, { config: { note: "7" } }));

      const read = await Promise.all(
        bodies.map((_, i) => app.call("GET", `/v1/prompts/json-like-${i}?version=1`, { key })),
      );
      const compiled = await app.call("POST", "/v1/prompts/json-like-0/compile", { key, body: { version: 1 } });

      expect(read.map((r) => r.body.content)).toEqual(bodies);
      expect(read.map((r) => r.body.config)).toEqual(bodies.map(() => ({ note: "7" })));
      expect(compiled.body.compiled).toBe("123");
    });

    it("keeps the folder when a save omits it and clears it with null", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1", { folder: "support" }));

      const kept = await save(app, key, text("greeting", "v2"));
      const cleared = await save(app, key, text("greeting", "v3", { folder: null }));

      expect([kept.folder, cleared.folder]).toEqual(["support", null]);
    });

    it("accepts Langfuse-style chat messages (type chatmessage) and stores them without the type", async () => {
      const key = await newProject(app);

      const res = await save(app, key, {
        name: "chat",
        type: "CHAT",
        content: [
          { type: "chatmessage", role: "system", content: "Be brief." },
          { type: "placeholder", name: "history" },
        ],
      });

      expect(res.content).toEqual([
        { role: "system", content: "Be brief." },
        { type: "placeholder", name: "history" },
      ]);
      expect(res.placeholders).toEqual(["history"]);
    });

    it.each([
      [
        "a TEXT prompt with an array body",
        { name: "x", type: "TEXT", content: [{ role: "user", content: "hi" }] },
        "Invalid body.content",
      ],
      ["a CHAT prompt with a string body", { name: "x", type: "CHAT", content: "hi" }, "Invalid body.content"],
      ["an unknown type", { name: "x", type: "text", content: "hi" }, "Invalid body.type"],
      ["a name with a slash", { name: "a/b", type: "TEXT", content: "hi" }, "Invalid body.name"],
      [
        "the label latest",
        { name: "x", type: "TEXT", content: "hi", labels: ["latest"] },
        "Invalid body.labels.0: The label 'latest' is managed by the service: it moves to every new version",
      ],
      ["an uppercase label", { name: "x", type: "TEXT", content: "hi", labels: ["Prod"] }, "Invalid body.labels.0"],
      [
        "a nested folder",
        { name: "x", type: "TEXT", content: "hi", folder: "a/b" },
        "Invalid body.folder: A folder is one flat name: it may not contain '/'",
      ],
    ])("refuses %s with 400", async (_what, body, message) => {
      const key = await newProject(app);

      const res = await app.call("POST", "/v1/prompts", { key, body });

      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
      expect(res.body.error.message.startsWith(message)).toBe(true);
    });

    it("refuses a malformed include with 400 and shows the syntax", async () => {
      const key = await newProject(app);

      const res = await app.call("POST", "/v1/prompts", { key, body: text("x", "See @@@servicePrompt:name=other@@@") });

      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        "Malformed include '@@@servicePrompt:name=other@@@': write @@@servicePrompt:name=<name>|label=<label>@@@ or @@@servicePrompt:name=<name>|version=<n>@@@",
      );
    });
  });

  describe("concurrent saves", () => {
    it("numbers concurrent saves of one prompt without gaps or duplicates", async () => {
      const key = await newProject(app);

      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => app.call("POST", "/v1/prompts", { key, body: text("busy", `v${i}`) })),
      );

      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(results.map((r) => r.body.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it("refuses one of two concurrent saves that together would close a cycle", async () => {
      const key = await newProject(app);
      await save(app, key, text("a", "plain"));
      await save(app, key, text("b", "plain"));

      const [a, b] = await Promise.all([
        app.call("POST", "/v1/prompts", { key, body: text("a", `A ${include("b", "label=latest")}`) }),
        app.call("POST", "/v1/prompts", { key, body: text("b", `B ${include("a", "label=latest")}`) }),
      ]);

      expect([a.status, b.status].sort()).toEqual([201, 400]);
    });
  });

  describe("GET /v1/prompts/{name}", () => {
    it("answers 404 for an unknown prompt, a channel no version holds and a version that does not exist", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1"));

      const unknown = await app.call("GET", "/v1/prompts/nope", { key });
      const channel = await app.call("GET", "/v1/prompts/greeting?channel=production", { key });
      const version = await app.call("GET", "/v1/prompts/greeting?version=7", { key });

      expect([unknown.status, channel.status, version.status]).toEqual([404, 404, 404]);
      expect(unknown.body.error.message).toBe("prompt 'nope' not found");
      expect(channel.body.error.message).toBe("prompt 'greeting' has no version with label 'production'");
      expect(version.body.error.message).toBe("prompt 'greeting' has no version 7");
    });

    it("refuses channel and version together with 400", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1"));

      const res = await app.call("GET", "/v1/prompts/greeting?channel=latest&version=1", { key });

      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("Invalid query: Give channel or version, not both");
    });
  });

  describe("GET /v1/prompts", () => {
    it("lists by name and filters by folder, label, name and type", async () => {
      const key = await newProject(app);
      await save(app, key, text("b-summary", "s", { folder: "support", labels: ["production"] }));
      await save(app, key, text("a-greeting", "g", { folder: "support" }));
      await save(app, key, {
        name: "c-chat",
        type: "CHAT",
        content: [{ role: "user", content: "hi" }],
        labels: ["production"],
      });

      const all = await app.call("GET", "/v1/prompts", { key });
      const folder = await app.call("GET", "/v1/prompts?folder=support", { key });
      const label = await app.call("GET", "/v1/prompts?label=production", { key });
      const name = await app.call("GET", "/v1/prompts?name=c-chat", { key });
      const type = await app.call("GET", "/v1/prompts?type=CHAT", { key });

      const names = (res: { body: any }) => res.body.data.map((p: any) => p.name);
      expect(all.body.data[0]).toMatchObject({
        name: "a-greeting",
        folder: "support",
        type: "TEXT",
        latestVersion: 1,
        labels: ["latest"],
      });
      expect(names(all)).toEqual(["a-greeting", "b-summary", "c-chat"]);
      expect(names(folder)).toEqual(["a-greeting", "b-summary"]);
      expect(names(label)).toEqual(["b-summary", "c-chat"]);
      expect(names(name)).toEqual(["c-chat"]);
      expect(names(type)).toEqual(["c-chat"]);
    });

    it("pages with limit and an opaque cursor", async () => {
      const key = await newProject(app);
      for (const n of ["p1", "p2", "p3"]) await save(app, key, text(n, n));

      const first = await app.call("GET", "/v1/prompts?limit=2", { key });
      const second = await app.call("GET", `/v1/prompts?limit=2&cursor=${first.body.nextCursor}`, { key });
      const bad = await app.call("GET", "/v1/prompts?cursor=nonsense", { key });

      expect(first.body.data.map((p: any) => p.name)).toEqual(["p1", "p2"]);
      expect(second.body).toMatchObject({ data: [{ name: "p3" }], nextCursor: null });
      expect(bad.status).toBe(400);
    });
  });

  describe("POST /v1/prompts/{name}/labels", () => {
    it("moves a label to another version and fires prompt.label.moved with fromVersion", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1"));
      await save(app, key, text("greeting", "v2", { labels: ["production"] }));

      const res = await app.call("POST", "/v1/prompts/greeting/labels", {
        key,
        body: { label: "production", version: 1 },
      });
      const detail = await app.call("GET", "/v1/prompts/greeting?channel=production", { key });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: "greeting", label: "production", version: 1, fromVersion: 2 });
      expect(detail.body).toMatchObject({ version: 1, content: "v1" });
      expect((await promptEvents(app, key.id)).at(-1)).toEqual({
        type: "prompt.label.moved",
        payload: {
          name: "greeting",
          version: 1,
          labels: ["production"],
          projectId: key.id,
          label: "production",
          fromVersion: 2,
        },
      });
    });

    it("fires nothing for a label new to the prompt or a label already on that version", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1"));

      const created = await app.call("POST", "/v1/prompts/greeting/labels", {
        key,
        body: { label: "production", version: 1 },
      });
      const same = await app.call("POST", "/v1/prompts/greeting/labels", {
        key,
        body: { label: "production", version: 1 },
      });

      expect(created.body).toEqual({ name: "greeting", label: "production", version: 1, fromVersion: null });
      expect(same.body).toEqual({ name: "greeting", label: "production", version: 1, fromVersion: 1 });
      expect((await promptEvents(app, key.id)).map((e) => e.type)).toEqual(["prompt.created"]);
    });

    it("refuses latest with 400 and answers 404 for an unknown prompt or version", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1"));

      const latest = await app.call("POST", "/v1/prompts/greeting/labels", {
        key,
        body: { label: "latest", version: 1 },
      });
      const version = await app.call("POST", "/v1/prompts/greeting/labels", {
        key,
        body: { label: "production", version: 4 },
      });
      const prompt = await app.call("POST", "/v1/prompts/nope/labels", {
        key,
        body: { label: "production", version: 1 },
      });

      expect(latest.status).toBe(400);
      expect(latest.body.error.message).toBe(
        "Invalid body.label: The label 'latest' is managed by the service: it moves to every new version",
      );
      expect([version.status, version.body.error.message]).toEqual([404, "prompt 'greeting' has no version 4"]);
      expect([prompt.status, prompt.body.error.message]).toEqual([404, "prompt 'nope' not found"]);
    });
  });

  describe("PATCH and DELETE /v1/prompts/{name}", () => {
    it("renames a prompt with its versions and labels, audited", async () => {
      const key = await newProject(app);
      await save(app, key, text("old", "v1", { labels: ["production"] }));
      await save(app, key, text("old", "v2"));

      const res = await app.call("PATCH", "/v1/prompts/old", { key, body: { name: "new" } });
      const gone = await app.call("GET", "/v1/prompts/old", { key });
      const audit = await app.call("GET", "/v1/audit-log?action=prompt.renamed", { key });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: "new", version: 2, channels: { latest: 2, production: 1 } });
      expect(gone.status).toBe(404);
      expect(audit.body.data[0]).toMatchObject({
        action: "prompt.renamed",
        target: { type: "prompt" },
        details: { from: "old", to: "new" },
      });
    });

    it("answers 409 when the new name is taken and 404 when the prompt does not exist", async () => {
      const key = await newProject(app);
      await save(app, key, text("a", "a"));
      await save(app, key, text("b", "b"));

      const taken = await app.call("PATCH", "/v1/prompts/a", { key, body: { name: "b" } });
      const missing = await app.call("PATCH", "/v1/prompts/nope", { key, body: { name: "c" } });

      expect([taken.status, taken.body.error.message]).toEqual([409, "A prompt named 'b' already exists"]);
      expect([missing.status, missing.body.error.message]).toEqual([404, "prompt 'nope' not found"]);
    });

    it("deletes every version, audited; a later save starts again at version 1 and may change the type", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "v1"));
      await save(app, key, text("greeting", "v2"));

      const res = await app.call("DELETE", "/v1/prompts/greeting", { key });
      const gone = await app.call("GET", "/v1/prompts/greeting?version=1", { key });
      const again = await save(app, key, {
        name: "greeting",
        type: "CHAT",
        content: [{ role: "user", content: "hi" }],
      });
      const audit = await app.call("GET", "/v1/audit-log?action=prompt.deleted", { key });

      expect(res.body).toEqual({ name: "greeting", deletedVersions: 2 });
      expect(gone.status).toBe(404);
      expect(again).toMatchObject({ version: 1, type: "CHAT", versions: [{ version: 1 }] });
      expect(audit.body.data[0]).toMatchObject({ details: { name: "greeting", versions: 2 } });
      expect((await promptEvents(app, key.id)).map((e) => e.type)).toEqual([
        "prompt.created",
        "prompt.updated",
        "prompt.created",
      ]);
      expect((await app.call("DELETE", "/v1/prompts/greeting-nope", { key })).status).toBe(404);
    });
  });

  describe("roles and projects", () => {
    it("lets VIEWER keys read and compile but not write", async () => {
      const key = await newProject(app);
      await save(app, key, text("greeting", "Hi {{name}}", { labels: ["production"] }));
      const viewer = (await app.call("POST", "/v1/api-keys", { key, body: { role: "VIEWER" } })).body;

      const read = await app.call("GET", "/v1/prompts/greeting", { key: viewer });
      const compile = await app.call("POST", "/v1/prompts/greeting/compile", {
        key: viewer,
        body: { variables: { name: "Ada" } },
      });
      const write = await app.call("POST", "/v1/prompts", { key: viewer, body: text("greeting", "v2") });
      const promote = await app.call("POST", "/v1/prompts/greeting/labels", {
        key: viewer,
        body: { label: "staging", version: 1 },
      });

      expect([read.status, compile.status, write.status, promote.status]).toEqual([200, 200, 403, 403]);
    });

    it("keeps prompts inside their project: another project's key gets 404 and an empty list", async () => {
      const owner = await newProject(app);
      const other = await newProject(app);
      await save(app, owner, text("secret", "s", { labels: ["production"] }));

      const answers = await Promise.all([
        app.call("GET", "/v1/prompts/secret", { key: other }),
        app.call("GET", "/v1/prompts/secret?channel=production", { key: other }),
        app.call("POST", "/v1/prompts/secret/compile", { key: other, body: {} }),
        app.call("POST", "/v1/prompts/secret/labels", { key: other, body: { label: "staging", version: 1 } }),
        app.call("PATCH", "/v1/prompts/secret", { key: other, body: { name: "mine" } }),
        app.call("DELETE", "/v1/prompts/secret", { key: other }),
        app.call("GET", "/api/public/v2/prompts/secret", { key: other }),
      ]);
      const list = await app.call("GET", "/v1/prompts", { key: other });

      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
      expect(list.body.data).toEqual([]);
      expect((await app.call("GET", "/v1/prompts/secret", { key: owner })).status).toBe(200);
    });

    it("lets two projects use the same prompt name independently", async () => {
      const a = await newProject(app);
      const b = await newProject(app);

      await save(app, a, text("greeting", "from a"));
      const fromB = await save(app, b, text("greeting", "from b"));

      expect(fromB).toMatchObject({ version: 1, content: "from b", labels: ["latest"] });
    });
  });
});
