import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goEnv } from "../support/go-env";
import { runChild } from "../support/run-child";
import { kill, type Spawned, spawnServer } from "../support/spawn-server";
import { seedDataDir } from "../support/store-template";

const root = fileURLToPath(new URL("../../", import.meta.url));
const KEY = { publicKey: "pk-sl-go-sdk", secretKey: "sk-sl-go-sdk" };
const goInstalled = !spawnSync("go", ["version"]).error;
const dataDir = mkdtempSync(join(tmpdir(), "sightline-go-sdk-"));
let server: Spawned | undefined;

beforeAll(async () => {
  if (!goInstalled) return;
  await seedDataDir(dataDir);
  server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
  });
});
afterAll(async () => {
  if (server) await kill(server, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `go test ./...` in sdk/go as its own process against the spawned service. */
const runSuite = () =>
  runChild("go", ["test", "-v", "./..."], {
    cwd: join(root, "sdk/go"),
    env: goEnv({
      GOFLAGS: "-count=1",
      SIGHTLINE_BASE_URL: server!.url,
      SIGHTLINE_PUBLIC_KEY: KEY.publicKey,
      SIGHTLINE_SECRET_KEY: KEY.secretKey,
    }),
  });

describe("Go SDK (sdk/go)", () => {
  it("passes go test against npm start on embedded stores", async () => {
    expect(
      goInstalled,
      "The Go SDK's tests need Go 1.19 or later: apt-get install -y golang-go (.ci/run installs it)",
    ).toBe(true);
    const { code, output } = await runSuite();

    if (code !== 0) console.error(output);
    expect(code, output.slice(-4000)).toBe(0);
    expect(output, "the live tests must run, not skip").not.toMatch(/--- SKIP/);
  }, 300_000);
});
