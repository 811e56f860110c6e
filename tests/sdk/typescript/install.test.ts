import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { firstBlock } from "../../support/readme-blocks";
import { runChild } from "../../support/run-child";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const sdkDir = join(root, "sdk/typescript");
const readme = join(sdkDir, "README.md");
// The build writes dist/ inside sdk/typescript (git ignores it); a dist/ the developer had built stays.
const hadDist = existsSync(join(sdkDir, "dist"));
// A new project next to a "clone" (a link to this repository), as the README's install line expects.
const work = mkdtempSync(join(tmpdir(), "sightline-ts-install-"));
let app: TestApp;

// Installs use the npm cache first; the package has no dependencies, so neither way should need the registry.
const npmEnv = {
  ...process.env,
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = npmEnv) =>
  runChild(command, args, { cwd, env });

function newProject(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true, type: "module" }));
  return dir;
}

/** Runs the README's quick start as pasted (an ES module) with the environment it names, and says what it printed. */
async function runQuickStart(project: string) {
  writeFileSync(join(project, "quickstart.mjs"), firstBlock(readme, "ts"));
  const env = {
    ...process.env,
    SIGHTLINE_BASE_URL: app.url,
    SIGHTLINE_PUBLIC_KEY: app.admin.publicKey,
    SIGHTLINE_SECRET_KEY: app.admin.secretKey,
  };
  return run(process.execPath, ["quickstart.mjs"], project, env);
}

async function chatTraces() {
  await app.drainQueues();
  const list = await app.call("GET", "/v1/traces?name=chat");
  return list.body.data as { id: string; userId: string }[];
}

beforeAll(async () => {
  symlinkSync(root, join(work, "sightline"), "dir");
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
  if (!hadDist) rmSync(join(sdkDir, "dist"), { recursive: true, force: true });
});

describe("the TypeScript SDK installs as its README says (sdk/typescript)", () => {
  it("installs from its directory with the README's install line, builds itself, and runs the quick start as pasted", async () => {
    const project = newProject("from-path");
    const install = await run("bash", ["-e", "-c", firstBlock(readme, "sh")], project);
    expect(install.code, install.output).toBe(0);

    const quickStart = await runQuickStart(project);

    expect(quickStart.code, quickStart.output).toBe(0);
    expect(lstatSync(join(project, "node_modules/@sightline/sdk")).isSymbolicLink()).toBe(true);
    const traces = await chatTraces();
    expect(traces.map((t) => t.userId)).toEqual(["u1"]);
    const trace = await app.call("GET", `/v1/traces/${traces[0]!.id}`);
    expect(
      trace.body.observations.map((o: { name: string; usageDetails: unknown }) => [o.name, o.usageDetails]),
    ).toEqual([["llm", { input: 12, output: 3, total: 15 }]]);
    // Nothing was installed inside the repository: no node_modules under sdk/typescript.
    expect(readdirSync(sdkDir)).not.toContain("node_modules");
  }, 180_000);

  it("gives TypeScript its declarations: the quick start type-checks against the installed package", async () => {
    const project = join(work, "from-path");
    writeFileSync(join(project, "quickstart.ts"), firstBlock(readme, "ts"));
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          types: [],
          lib: ["ES2022", "DOM"],
        },
        files: ["quickstart.ts"],
      }),
    );

    const check = await run(
      process.execPath,
      [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"],
      project,
    );

    expect(check.code, check.output).toBe(0);
  }, 120_000);

  it("puts the sightline command on the project's path, with the files it reads", async () => {
    const project = join(work, "from-path");

    const help = await run(join(project, "node_modules/.bin/sightline"), ["--help"], project);
    const cost = await run(join(project, "node_modules/.bin/sightline"), ["cost", "--events", "1000"], project);

    expect(help.code, help.output).toBe(0);
    expect(help.output).toMatch(/^sightline <command> \[options\]/);
    expect(cost.code, cost.output).toBe(0);
    expect(cost.output).toMatch(/^AWS variable cost of 1,000 events/);
  }, 60_000);

  it("packs into a tarball that installs in a project with no build tools and runs the quick start as pasted", async () => {
    const packed = await run("npm", ["pack", "--pack-destination", work], sdkDir);
    expect(packed.code, packed.output).toBe(0);
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"))!;
    expect(tarball).toBe("sightline-sdk-0.1.0.tgz");
    const project = newProject("from-tarball");
    const install = await run("npm", ["install", join(work, tarball)], project);
    expect(install.code, install.output).toBe(0);

    const quickStart = await runQuickStart(project);
    const help = await run(join(project, "node_modules/.bin/sightline"), ["--help"], project);

    expect(quickStart.code, quickStart.output).toBe(0);
    const installed = join(project, "node_modules/@sightline/sdk");
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(readdirSync(installed).sort()).toEqual(["README.md", "dist", "package.json", "src"]);
    expect((await chatTraces()).length).toBe(2);
    expect(help.code, help.output).toBe(0);
  }, 180_000);
});

// The premise of both installs: the package has no runtime dependencies to fetch.
it("the SDK's package.json lists no runtime dependencies", () => {
  expect(JSON.parse(readFileSync(join(sdkDir, "package.json"), "utf8")).dependencies).toBeUndefined();
});
