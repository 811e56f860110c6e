import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChild } from "../support/run-child";
import { kill, type Spawned, spawnServer } from "../support/spawn-server";
import { seedDataDir } from "../support/store-template";

const root = fileURLToPath(new URL("../../", import.meta.url));
const KEY = { publicKey: "pk-sl-python-sdk", secretKey: "sk-sl-python-sdk" };
const dataDir = mkdtempSync(join(tmpdir(), "sightline-python-sdk-"));
let server: Spawned;

beforeAll(async () => {
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

/** Runs the Python SDK's unittest suite as its own process against the spawned service. */
const runSuite = () =>
  runChild("python3", ["-m", "unittest", "discover", "-s", "sdk/python/tests", "-t", "sdk/python", "-v"], {
    cwd: root,
    env: {
      ...process.env,
      SIGHTLINE_BASE_URL: server.url,
      SIGHTLINE_PUBLIC_KEY: KEY.publicKey,
      SIGHTLINE_SECRET_KEY: KEY.secretKey,
      PYTHONDONTWRITEBYTECODE: "1",
    },
  });

describe("Python SDK (sdk/python)", () => {
  it("passes its unittest suite against npm start on embedded stores", async () => {
    const { code, output } = await runSuite();

    if (code !== 0) console.error(output);
    expect(code, output.slice(-4000)).toBe(0);
    expect(output).not.toMatch(/skipped/);
  }, 180_000);
});
