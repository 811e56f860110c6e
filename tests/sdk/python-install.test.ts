import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/local-app";
import { firstBlock } from "../support/readme-blocks";
import { runChild } from "../support/run-child";

const root = fileURLToPath(new URL("../../", import.meta.url));
const readme = join(root, "sdk/python/README.md");
// A new project next to a "clone" (a link to this repository), as the README's install line expects.
const work = mkdtempSync(join(tmpdir(), "sightline-py-install-"));
let app: TestApp;

beforeAll(async () => {
  symlinkSync(root, join(work, "sightline"), "dir");
  mkdirSync(join(work, "app"));
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the Python SDK installs as its README says (sdk/python)", () => {
  it("pip installs it into a new virtual environment with no package index, and the quick start runs as pasted", async () => {
    writeFileSync(join(work, "app/quickstart.py"), firstBlock(readme, "python"));
    // The install line, then the program in the same shell (the virtual environment active), as a reader runs them.
    const script = `${firstBlock(readme, "sh")}python quickstart.py\n`;
    // No configured index, find-links or cache: the build must need nothing from PyPI.
    const env = {
      ...process.env,
      PIP_CONFIG_FILE: "/dev/null",
      PIP_NO_INDEX: "1",
      PIP_NO_CACHE_DIR: "1",
      PIP_DISABLE_PIP_VERSION_CHECK: "1",
      PYTHONDONTWRITEBYTECODE: "1",
      SIGHTLINE_BASE_URL: app.url,
      SIGHTLINE_PUBLIC_KEY: app.admin.publicKey,
      SIGHTLINE_SECRET_KEY: app.admin.secretKey,
    };

    const { code, output } = await runChild("bash", ["-e", "-c", script], { cwd: join(work, "app"), env });

    expect(code, output).toBe(0);
    expect(output).toMatch(/Successfully installed sightline-0\.1\.0/);
    await app.drainQueues();
    const traces = (await app.call("GET", "/v1/traces?name=chat")).body.data as { id: string; userId: string }[];
    expect(traces.map((t) => t.userId)).toEqual(["u1"]);
    const trace = await app.call("GET", `/v1/traces/${traces[0]!.id}`);
    expect(
      trace.body.observations.map((o: { name: string; output: unknown; usageDetails: unknown }) => [
        o.name,
        o.output,
        o.usageDetails,
      ]),
    ).toEqual([["answer", "hello", { input: 12, output: 3, total: 15 }]]);
  }, 180_000);
});
