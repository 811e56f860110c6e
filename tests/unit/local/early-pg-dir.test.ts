import { describe, expect, it } from "vitest";
import { parseEnv } from "../../../functions/_runtime/env";
import { earlyPgDir, embeddedPgDir, localThreads } from "../../../functions/local/pglite-thread-boot";

// What the app decides from the parsed environment, which `npm start` guesses from the raw one before parsing it.
const decided = (source: Record<string, string | undefined>) => {
  const env = parseEnv(source);
  return env.DATABASE_URL || !localThreads(env, true).threads ? null : embeddedPgDir(env);
};

describe("npm start's early embedded Postgres thread (docs/architecture.md, Start-up)", () => {
  const variants: Record<string, string | undefined>[] = [
    {},
    { SIGHTLINE_DATA_DIR: "/tmp/somewhere" },
    { SIGHTLINE_DATA_DIR: "" },
    { DATABASE_URL: "postgres://u@127.0.0.1:5432/db" },
    { DATABASE_URL: "" },
    ...["true", "false", "1", "0", ""].flatMap((v) => [
      { SIGHTLINE_RUN_WORKERS: v },
      { SIGHTLINE_INGEST_THREAD: v },
      { SIGHTLINE_RUN_WORKERS: v, SIGHTLINE_INGEST_THREAD: "false" },
    ]),
  ];

  it.each(variants)("opens where the app expects it, or not at all: %o", (source) => {
    expect(earlyPgDir(source)).toBe(decided(source));
  });

  it("has no thread for a Postgres server, nor when the worker or its thread is off", () => {
    expect(earlyPgDir({})).toMatch(/\/\.sightline\/pg$/);
    expect(earlyPgDir({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" })).toBeNull();
    expect(earlyPgDir({ SIGHTLINE_RUN_WORKERS: "0" })).toBeNull();
    expect(earlyPgDir({ SIGHTLINE_INGEST_THREAD: "false" })).toBeNull();
  });
});
