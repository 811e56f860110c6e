import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goEnv } from "../support/go-env";
import { startTestApp, type TestApp } from "../support/local-app";
import { firstBlock } from "../support/readme-blocks";
import { runChild } from "../support/run-child";

const root = fileURLToPath(new URL("../../", import.meta.url));
const readme = join(root, "sdk/go/README.md");
const example = join(root, "sdk/go/examples/quickstart");
const goInstalled = !spawnSync("go", ["version"]).error;
const NEEDS_GO = "The Go quick start needs Go 1.19 or later: apt-get install -y golang-go (.ci/run installs it)";
// A new module next to a "clone" (a link to this repository), as the README's install lines expect.
const work = mkdtempSync(join(tmpdir(), "sightline-go-quickstart-"));
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

const env = () =>
  goEnv({
    SIGHTLINE_BASE_URL: app.url,
    SIGHTLINE_PUBLIC_KEY: app.admin.publicKey,
    SIGHTLINE_SECRET_KEY: app.admin.secretKey,
  });

async function chatTraces() {
  await app.drainQueues();
  return (await app.call("GET", "/v1/traces?name=chat")).body.data as { id: string; userId: string }[];
}

describe("the Go SDK's quick start (sdk/go/examples/quickstart)", () => {
  it("is the README's first Go block, as written", () => {
    expect(firstBlock(readme, "go")).toBe(readFileSync(join(example, "main.go"), "utf8"));
  });

  it("runs against the local service and delivers its trace before it exits", async () => {
    expect(goInstalled, NEEDS_GO).toBe(true);

    const { code, output } = await runChild("go", ["run", "."], { cwd: example, env: env() });

    expect(code, output).toBe(0);
    const traces = await chatTraces();
    expect(output).toContain(`sent trace ${traces[0]?.id}`);
    const trace = await app.call("GET", `/v1/traces/${traces[0]!.id}`);
    expect(
      trace.body.observations.map((o: { name: string; usageDetails: unknown }) => [o.name, o.usageDetails]),
    ).toEqual([["llm", { input: 12, output: 3, total: 15 }]]);
  }, 300_000);

  it("runs as pasted in a new module after the README's install lines", async () => {
    expect(goInstalled, NEEDS_GO).toBe(true);
    const before = (await chatTraces()).length;
    writeFileSync(join(work, "app/main.go"), firstBlock(readme, "go"));

    const { code, output } = await runChild("bash", ["-e", "-c", `${firstBlock(readme, "sh")}go run .\n`], {
      cwd: join(work, "app"),
      env: env(),
    });

    expect(code, output).toBe(0);
    expect(readFileSync(join(work, "app/go.mod"), "utf8")).toContain("replace sightline/sdk/go => ../sightline/sdk/go");
    expect((await chatTraces()).length).toBe(before + 1);
  }, 300_000);
});
