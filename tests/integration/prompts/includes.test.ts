import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { include, newProject, save, text } from "./support";

type Key = Awaited<ReturnType<typeof newProject>>;

describe("prompt includes", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const refused = async (key: Key, body: Record<string, unknown>) => {
    const res = await app.call("POST", "/v1/prompts", { key, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_input");
    return res.body.error as { message: string; details: { reason: string; path: string[] } };
  };

  /** top -> mid -> leaf, each on production. */
  const chain = async (key: Key) => {
    await save(app, key, text("leaf", "Leaf {{who}}.", { labels: ["production"] }));
    await save(app, key, text("mid", `Mid [${include("leaf", "label=production")}]`, { labels: ["production"] }));
    await save(app, key, text("top", `Top [${include("mid", "label=production")}]`, { labels: ["production"] }));
  };

  describe("resolution", () => {
    it("expands includes server-side with a channel or version, and keeps the raw body in the plain detail", async () => {
      const key = await newProject(app);
      await chain(key);

      const raw = await app.call("GET", "/v1/prompts/top", { key });
      const byChannel = await app.call("GET", "/v1/prompts/top?channel=production", { key });
      const byVersion = await app.call("GET", "/v1/prompts/top?version=1", { key });

      expect(raw.body).toMatchObject({
        content: `Top [${include("mid", "label=production")}]`,
        resolved: false,
        resolutionGraph: null,
      });
      expect(raw.body.includes).toEqual([{ name: "mid", label: "production", version: null }]);
      expect(byChannel.body).toMatchObject({
        content: "Top [Mid [Leaf {{who}}.]]",
        resolved: true,
        variables: ["who"],
      });
      expect(byVersion.body.content).toBe("Top [Mid [Leaf {{who}}.]]");
      expect(byChannel.body.resolutionGraph.root).toMatchObject({ name: "top", version: 1 });
    });

    it("follows a channel as it moves and stays on a pinned version", async () => {
      const key = await newProject(app);
      await save(app, key, text("leaf", "one", { labels: ["production"] }));
      await save(app, key, text("follows", include("leaf", "label=production"), { labels: ["production"] }));
      await save(app, key, text("pinned", include("leaf", "version=1"), { labels: ["production"] }));

      await save(app, key, text("leaf", "two", { labels: ["production"] }));

      expect((await app.call("GET", "/v1/prompts/follows?channel=production", { key })).body.content).toBe("two");
      expect((await app.call("GET", "/v1/prompts/pinned?channel=production", { key })).body.content).toBe("one");
    });

    it("expands includes inside CHAT messages and lists the placeholder slots", async () => {
      const key = await newProject(app);
      await save(app, key, text("persona", "You are terse.", { labels: ["production"] }));

      await save(app, key, {
        name: "chat",
        type: "CHAT",
        labels: ["production"],
        content: [
          { role: "system", content: `${include("persona", "label=production")} Help {{user}}.` },
          { type: "placeholder", name: "history" },
        ],
      });
      const res = await app.call("GET", "/v1/prompts/chat?channel=production", { key });

      expect(res.body.content).toEqual([
        { role: "system", content: "You are terse. Help {{user}}." },
        { type: "placeholder", name: "history" },
      ]);
      expect(res.body.placeholders).toEqual(["history"]);
    });

    it("allows including an older pinned version of the same prompt (not a cycle)", async () => {
      const key = await newProject(app);
      await save(app, key, text("base", "Be kind."));

      await save(app, key, text("base", `${include("base", "version=1")} Be brief.`, { labels: ["production"] }));

      expect((await app.call("GET", "/v1/prompts/base?channel=production", { key })).body.content).toBe(
        "Be kind. Be brief.",
      );
    });
  });

  describe("save-time checks (400 naming the path)", () => {
    it("refuses a direct cycle through the channel the new version takes", async () => {
      const key = await newProject(app);

      const error = await refused(key, text("a", `Loop ${include("a", "label=latest")}`));

      expect(error.message).toBe("Include cycle: a -> a");
      expect(error.details).toEqual({ reason: "cycle", path: ["a", "a"] });
    });

    it("refuses a direct cycle on the version number the new version gets", async () => {
      const key = await newProject(app);
      await save(app, key, text("a", "v1"));

      const error = await refused(key, text("a", include("a", "version=2")));

      expect(error.message).toBe("Include cycle: a -> a");
    });

    it("refuses an indirect cycle a -> b -> a", async () => {
      const key = await newProject(app);
      await save(app, key, text("a", "plain"));
      await save(app, key, text("b", `B ${include("a", "label=latest")}`));

      const error = await refused(key, text("a", `A ${include("b", "label=latest")}`));

      expect(error.message).toBe("Include cycle: a -> b -> a");
    });

    it("refuses a cycle created only through a channel the new version is about to take", async () => {
      const key = await newProject(app);
      await save(app, key, text("a", "plain", { labels: ["production"] }));
      await save(app, key, text("b", `B ${include("a", "label=production")}`, { labels: ["production"] }));

      // Without the label, b still includes a's production version 1: no cycle.
      const withoutLabel = await app.call("POST", "/v1/prompts", {
        key,
        body: text("a", `A ${include("b", "label=production")}`),
      });
      const error = await refused(key, text("a", `A ${include("b", "label=production")}`, { labels: ["production"] }));

      expect(withoutLabel.status).toBe(201);
      expect(error.message).toBe("Include cycle: a -> b -> a");
      expect((await app.call("GET", "/v1/prompts/a", { key })).body.channels).toEqual({ latest: 2, production: 1 });
    });

    it("refuses a label promotion that would close a cycle", async () => {
      const key = await newProject(app);
      await save(app, key, text("a", "plain", { labels: ["production"] }));
      await save(app, key, text("b", `B ${include("a", "label=production")}`, { labels: ["production"] }));
      await save(app, key, text("a", `A ${include("b", "label=production")}`));

      const res = await app.call("POST", "/v1/prompts/a/labels", { key, body: { label: "production", version: 2 } });

      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("Include cycle: a -> b -> a");
    });

    it("accepts nesting depth 5 and refuses depth 6 at depth 6, not before", async () => {
      const key = await newProject(app);
      // p6 is a leaf; p(n) includes p(n+1): p1 nests 5 deep, p0 would nest 6 deep.
      await save(app, key, text("p6", "six", { labels: ["production"] }));
      for (let n = 5; n >= 1; n--) {
        const res = await app.call("POST", "/v1/prompts", {
          key,
          body: text(`p${n}`, `${n}(${include(`p${n + 1}`, "label=production")})`, { labels: ["production"] }),
        });
        expect(res.status, `p${n} nests ${6 - n} deep`).toBe(201);
      }

      const deepest = await app.call("GET", "/v1/prompts/p1?channel=production", { key });
      const error = await refused(key, text("p0", include("p1", "label=production")));

      expect(deepest.body.content).toBe("1(2(3(4(5(six)))))");
      expect(error.message).toBe("Include nesting deeper than 5: p0 -> p1 -> p2 -> p3 -> p4 -> p5 -> p6");
      expect(error.details).toEqual({ reason: "depth", path: ["p0", "p1", "p2", "p3", "p4", "p5", "p6"] });
    });

    it("refuses including a prompt that is not TEXT", async () => {
      const key = await newProject(app);
      await save(app, key, {
        name: "chatty",
        type: "CHAT",
        content: [{ role: "user", content: "hi" }],
        labels: ["production"],
      });

      const error = await refused(key, text("t", include("chatty", "label=production")));

      expect(error.message).toBe("Included prompt 'chatty' is CHAT; only TEXT prompts can be included: t -> chatty");
    });

    it("refuses an include whose target does not exist, naming the path", async () => {
      const key = await newProject(app);
      await save(app, key, text("real", "r"));

      const prompt = await refused(key, text("t", include("ghost", "label=production")));
      const label = await refused(key, text("t", include("real", "label=production")));
      const version = await refused(key, text("t", include("real", "version=3")));

      expect(prompt.message).toBe("Included prompt 'ghost' does not exist: t -> ghost");
      expect(label.message).toBe("Included prompt 'real' has no version with label 'production': t -> real");
      expect(version.message).toBe("Included prompt 'real' has no version 3: t -> real");
    });

    it("refuses including a prompt whose own include is broken, naming the whole path", async () => {
      const key = await newProject(app);
      await chain(key);
      await app.call("DELETE", "/v1/prompts/leaf", { key });

      const error = await refused(key, text("new", include("top", "label=production")));

      expect(error.message).toBe("Included prompt 'leaf' does not exist: new -> top -> mid -> leaf");
    });
  });

  describe("includes that broke later (422 naming the full path)", () => {
    const broken = async (key: Key) => {
      const detail = await app.call("GET", "/v1/prompts/top?channel=production", { key });
      const compile = await app.call("POST", "/v1/prompts/top/compile", { key, body: {} });
      const langfuse = await app.call("GET", "/api/public/v2/prompts/top", { key });
      for (const res of [detail, compile]) {
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe("unprocessable");
        expect(res.body.error.message).toBe(detail.body.error.message);
      }
      // The Langfuse route answers the same refusal in Langfuse's error body.
      expect(langfuse.status).toBe(422);
      expect(langfuse.body).toMatchObject({ error: "InvalidRequestError", code: "unprocessable" });
      expect(langfuse.body.message).toBe(detail.body.error.message);
      return detail.body.error as { message: string; details: unknown };
    };

    it("after the included prompt was renamed", async () => {
      const key = await newProject(app);
      await chain(key);

      await app.call("PATCH", "/v1/prompts/leaf", { key, body: { name: "leaf2" } });

      expect((await broken(key)).message).toBe("Included prompt 'leaf' does not exist: top -> mid -> leaf");
    });

    it("after the included prompt was retyped", async () => {
      const key = await newProject(app);
      await chain(key);

      await save(app, key, {
        name: "leaf",
        type: "CHAT",
        content: [{ role: "user", content: "hi" }],
        labels: ["production"],
      });

      const error = await broken(key);
      expect(error.message).toBe(
        "Included prompt 'leaf' is CHAT; only TEXT prompts can be included: top -> mid -> leaf",
      );
      expect(error.details).toEqual({ reason: "not_text", path: ["top", "mid", "leaf"] });
    });

    it("after the included prompt was deleted", async () => {
      const key = await newProject(app);
      await chain(key);

      await app.call("DELETE", "/v1/prompts/leaf", { key });

      expect((await broken(key)).message).toBe("Included prompt 'leaf' does not exist: top -> mid -> leaf");
    });

    it("after a channel moved to a version that nests deeper than 5", async () => {
      const key = await newProject(app);
      await save(app, key, text("p6", "six", { labels: ["production"] }));
      for (let n = 5; n >= 1; n--)
        await save(app, key, text(`p${n}`, include(`p${n + 1}`, "label=production"), { labels: ["production"] }));
      await save(app, key, text("p7", "seven", { labels: ["production"] }));

      await save(app, key, text("p6", include("p7", "label=production"), { labels: ["production"] }));
      const res = await app.call("GET", "/v1/prompts/p1?channel=production", { key });

      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe("Include nesting deeper than 5: p1 -> p2 -> p3 -> p4 -> p5 -> p6 -> p7");
    });

    it("after a rename brought a cycle into the graph", async () => {
      const key = await newProject(app);
      await save(app, key, text("c", "plain", { labels: ["production"] }));
      await save(app, key, text("x", include("c", "label=production"), { labels: ["production"] }));
      await save(app, key, text("a2", include("x", "version=1"), { labels: ["production"] }));
      await app.call("DELETE", "/v1/prompts/c", { key });

      await app.call("PATCH", "/v1/prompts/a2", { key, body: { name: "c" } });
      const res = await app.call("GET", "/v1/prompts/c?channel=production", { key });

      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe("Include cycle: c -> x -> c");
    });
  });
});
