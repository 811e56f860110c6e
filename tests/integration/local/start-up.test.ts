import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { startTsThread } from "../../../functions/local/thread-boot";
import { kill, spawnServer } from "../../support/spawn-server";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "sightline-start-up-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A loader hook that writes the URL of every module the process loads to SIGHTLINE_TEST_LOADED.
const RECORD = `data:text/javascript,${encodeURIComponent(`
  import { appendFileSync } from "node:fs";
  export async function load(url, context, next) {
    appendFileSync(process.env.SIGHTLINE_TEST_LOADED, url + "\\n");
    return next(url, context);
  }`)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(
  `import { register } from "node:module"; register(${JSON.stringify(RECORD)});`,
)}`;

const ZOD_ENGLISH = new URL("functions/local/zod-english.ts", `file://${root}`).href;
/** What functions/local/main.ts does before it loads the app. */
const REGISTER_ZOD_ENGLISH = `(await import(${JSON.stringify(ZOD_ENGLISH)})).registerZodEnglishOnly();`;

/**
 * The modules `node --import tsx` loads to import `file` (relative to the repository), as `npm start` would, after
 * running `before` (a script of its own).
 */
async function modulesLoadedBy(file: string, before = ""): Promise<string[]> {
  const record = join(dir, `${file.replaceAll("/", "_")}${before ? "-after" : ""}.txt`);
  const script = `${before} await import(${JSON.stringify(new URL(file, `file://${root}`).href)});`;
  await promisify(execFile)(
    process.execPath,
    ["--import", REGISTER, "--import", "tsx", "--input-type=module", "-e", script],
    { cwd: root, env: { ...process.env, SIGHTLINE_TEST_LOADED: record } },
  );
  return readFileSync(record, "utf8").split("\n").filter(Boolean);
}

const packageOf = (url: string) => url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];

describe("npm start's modules (docs/architecture.md, Start-up)", () => {
  it("load neither the sign-in stack nor the LLM SDKs before the app starts: both load when first used", async () => {
    const loaded = await modulesLoadedBy("functions/local/app.ts");
    const packages = new Set(loaded.map(packageOf));

    expect(loaded).toContain(new URL("functions/local/deferred-auth.ts", `file://${root}`).href);
    expect(packages).toContain("drizzle-orm");
    for (const heavy of ["better-auth", "@better-auth/sso", "@better-auth/passkey", "openai", "@anthropic-ai/sdk"])
      expect(packages, heavy).not.toContain(heavy);
    // Nor what only some configurations or requests use: the Postgres server's driver, the AWS SDK's credential
    // chain, jose (MCP access tokens).
    for (const unused of ["postgres", "@aws-sdk/credential-provider-node", "jose"])
      expect(packages, unused).not.toContain(unused);
  });

  it("keep better-auth out of what every route imports: the http() chain and @core/auth", async () => {
    const packages = new Set((await modulesLoadedBy("functions/_lib/http.ts")).map(packageOf));

    expect(packages).toContain("zod");
    expect(packages).not.toContain("better-auth");
  });
});

describe("zod's locales under npm start (docs/architecture.md, Start-up)", () => {
  const zodLocales = (loaded: string[]) =>
    loaded.filter((url) => url.includes("/node_modules/zod/v4/locales/")).map((url) => url.split("/").pop());

  it("load English alone once the hook main.ts registers is in place: the index is not zod's, its en.js is", async () => {
    expect(zodLocales(await modulesLoadedBy("functions/_lib/http.ts", REGISTER_ZOD_ENGLISH))).toEqual(["en.js"]);
    // Without the hook, zod's index loads every locale it ships.
    expect(zodLocales(await modulesLoadedBy("functions/_lib/http.ts"))).toEqual(
      expect.arrayContaining(["index.js", "en.js", "fr.js", "ja.js"]),
    );
  });

  it("leaves zod's messages in English and its locales namespace with English alone, in the process", async () => {
    const script = `${REGISTER_ZOD_ENGLISH} const z = await import("zod"); console.log(JSON.stringify({ locales: Object.keys(z.locales), message: z.string().safeParse(1).error.issues[0].message }));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual({ locales: ["en"], message: "Invalid input: expected string, received number" });
  });

  it("and in a thread started as the ingest worker's is", async () => {
    const worker = startTsThread(new URL("../../fixtures/zod-locales-entry.ts", import.meta.url), {});
    try {
      const [seen] = await once(worker, "message");
      expect(seen).toEqual({ locales: ["en"], message: "Invalid input: expected string, received number" });
    } finally {
      await worker.terminate();
    }
  });
});

describe("npm start with a bad setting", () => {
  it("stops with the setting's message, and leaves the data directory whole for the next start", async () => {
    const dataDir = join(dir, "bad-setting");
    // Embedded Postgres's thread starts before the settings are checked: on a new data directory it is creating
    // the database when the check fails.
    const failed = await promisify(execFile)(process.execPath, ["--import", "tsx", "functions/local/main.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", SIGHTLINE_DATA_DIR: dataDir, SIGHTLINE_MEMORY_LOG_SECONDS: "0" },
    }).then(
      () => null,
      (e: { code?: number; stderr?: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/^Invalid configuration: SIGHTLINE_MEMORY_LOG_SECONDS: /m);

    const server = await spawnServer({ SIGHTLINE_DATA_DIR: dataDir });
    try {
      expect(server.output()).toMatch(/A first API key was minted/);
    } finally {
      await kill(server, "SIGTERM");
    }
  }, 120_000);
});
