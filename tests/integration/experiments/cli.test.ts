import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { experimentSetup, type Key, newProject } from "./support";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("sightline experiment", () => {
  let app: TestApp;
  let key: Key;
  let env: Record<string, string>;
  let setup: Awaited<ReturnType<typeof experimentSetup>>;

  /** The bin in its own process; the queues are drained while it polls, as the background workers would. */
  async function sightline(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let done = false;
    const result = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["sdk/cli/sightline.js", "experiment", ...args],
        { cwd: root, env: { ...process.env, ...env } },
        (error, stdout, stderr) => {
          done = true;
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
        },
      );
    });
    while (!done) {
      await app.drainQueues();
      await new Promise((r) => setTimeout(r, 100));
    }
    return result;
  }

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    env = { SIGHTLINE_BASE_URL: app.url, SIGHTLINE_PUBLIC_KEY: key.publicKey, SIGHTLINE_SECRET_KEY: key.secretKey };
    setup = await experimentSetup(app, key);
  });
  afterAll(() => app?.close());

  const common = () => [
    "--dataset",
    setup.name,
    "--prompt",
    setup.prompt,
    "--provider",
    "mock",
    "--model",
    "m",
    "--map",
    "question=input.question",
    "--evaluator",
    setup.evaluators[0]!,
    "--evaluator",
    setup.evaluators[1]!,
  ];

  it("runs an experiment to the end, prints its outcome and passes a gate it meets", async () => {
    const res = await sightline([...common(), "--run", "cli-1", "--gate", `${setup.evaluators[0]}=1`]);

    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(
      `Started run 'cli-1' of dataset '${setup.name}': prompt ${setup.prompt} v1, mock/m, 3 items`,
    );
    expect(res.stdout).toMatch(/Run 'cli-1' completed: 3 done, 0 failed of 3; cost \$0\.000000; latency p50 \d+ ms/);
    expect(res.stdout).toContain("PASSED");
    expect(res.stderr).toContain("completed: 3/3 items (0 failed)");
  });

  it("compares with the previous run and exits 1 when the gate fails", async () => {
    const res = await sightline([...common(), "--run", "cli-2", "--gate", `${setup.evaluators[1]}=0.99`]);

    expect(res.code).toBe(1);
    expect(res.stdout).toContain("Compared with run 'cli-1'");
    expect(res.stdout).toMatch(new RegExp(`${setup.evaluators[0]}\\s+1\\.0000\\s+1\\.0000\\s+\\+0\\.0000`));
    expect(res.stdout).toContain("FAILED: 1 of 1 thresholds regressed");
  });

  it("exits 2 with the API's message for bad input, and on usage errors", async () => {
    const unbound = await sightline([
      "--dataset",
      setup.name,
      "--prompt",
      setup.prompt,
      "--provider",
      "mock",
      "--model",
      "m",
    ]);
    const missing = await sightline(["--dataset", setup.name]);

    expect(unbound.code).toBe(2);
    expect(unbound.stderr).toContain(
      `Error 400 invalid_input: Prompt '${setup.prompt}' version 1 uses variable 'question' that the mapping leaves unbound`,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--dataset, --prompt, --provider and --model are required");
  });
});
