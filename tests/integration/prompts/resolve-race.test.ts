import * as Prompts from "@core/prompts";
import { promptGenerations } from "@core/prompts/prompts.sql";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { include, newProject, save, text } from "./support";

/** Runs `before` once, ahead of the next include-level read: a mutation committing mid-resolve. */
const race = vi.hoisted(() => ({ before: null as null | (() => Promise<void>) }));
vi.mock("@core/prompts/include-graph", async (importOriginal) => {
  const real = await importOriginal<typeof import("@core/prompts/include-graph")>();
  return {
    ...real,
    loadIncludeGraph: async (...args: Parameters<typeof real.loadIncludeGraph>) => {
      const before = race.before;
      race.before = null;
      await before?.();
      return real.loadIncludeGraph(...args);
    },
  };
});

describe("resolve racing a mutation", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("assembles again in one snapshot and caches under the generation that snapshot saw", async () => {
    const key = await newProject(app);
    await save(app, key, text("leaf", "leaf", { labels: ["production"] }));
    await save(app, key, text("top", `top(${include("leaf", "label=production")})`, { labels: ["production"] }));
    const bump = () =>
      app.deps.db
        .update(promptGenerations)
        .set({ generation: sql`${promptGenerations.generation} + 1` })
        .where(eq(promptGenerations.projectId, key.id));
    const transaction = vi.spyOn(app.deps.db, "transaction");
    // `bump` stands for another process's write, so resolve as a shared store's process does.
    const deps = { ...app.deps, config: { ...app.deps.config, ownsRelationalStore: false } };

    race.before = async () => void (await bump());
    const raced = await Prompts.resolvePrompt(deps, key.id, "top", { label: "production" });
    const again = await Prompts.resolvePrompt(deps, key.id, "top", { label: "production" });
    await bump();
    const afterBump = await Prompts.resolvePrompt(deps, key.id, "top", { label: "production" });

    expect(raced.content).toBe("top(leaf)");
    expect(transaction.mock.calls.map((c) => c[1])).toEqual([
      { isolationLevel: "repeatable read", accessMode: "read only" },
    ]);
    expect(again).toBe(raced);
    expect(afterBump).not.toBe(raced);
    expect(afterBump.content).toBe("top(leaf)");
    expect(app.deps.caches.of(Prompts.RESOLVES).size).toBeGreaterThan(0);
    transaction.mockRestore();
  });
});
