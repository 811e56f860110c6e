import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { freePort } from "../../support/spawn-server";

const root = fileURLToPath(new URL("../../../", import.meta.url));

function sightline(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["sdk/cli/sightline.js", ...args],
      { cwd: root, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("sightline smoke", () => {
  let app: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp();
    env = {
      SIGHTLINE_BASE_URL: app.url,
      SIGHTLINE_PUBLIC_KEY: app.admin.publicKey,
      SIGHTLINE_SECRET_KEY: app.admin.secretKey,
    };
  });
  afterAll(() => app?.close());

  it("passes against a working stage, then removes the key, trace and prompt it made", async () => {
    // The worker runs as it would on a stage: the test drains the queue while the command polls.
    let running = true;
    const worker = (async () => {
      while (running) {
        await app.drainQueues();
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const result = await sightline(["smoke", "--timeout", "30"], env).finally(() => (running = false));
    await worker;

    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ok {4}keys: mint a MEMBER key with the ADMIN key/m);
    expect(result.stdout).toMatch(/^ok {4}read back: the trace, merged by the worker \(sightline-smoke-/m);
    expect(result.stdout).toContain("PASSED: the stage ingests, merges, reads and resolves");
    const traceId = result.stdout.match(/\((sightline-smoke-[a-z0-9]+)\)/)![1]!;
    expect((await app.call("GET", `/v1/traces/${traceId}`)).status).toBe(404);
    expect((await app.call("GET", `/v1/prompts/${traceId}`)).status).toBe(404);
    expect(
      (await app.call("GET", "/v1/api-keys")).body.data.filter(
        (k: { note: string | null }) => k.note === "sightline smoke",
      ),
    ).toEqual([]);
  });

  it("fails with exit 1 when the worker never merges the trace", async () => {
    const result = await sightline(["smoke", "--timeout", "1"], env);

    expect(result.code).toBe(1);
    expect(result.stdout).toContain("FAIL  read back: the trace, merged by the worker: 404 not_found");
    expect(result.stdout).toContain("\nFAILED");
  });

  it("fails with exit 1 for a key that is not ADMIN, and 2 when nothing answers or settings are missing", async () => {
    const member = (await app.call("POST", "/v1/api-keys", { body: { role: "MEMBER" } })).body;

    const notAdmin = await sightline(
      ["smoke", "--public-key", member.publicKey, "--secret-key", member.secretKey],
      env,
    );
    const down = await sightline(["smoke", "--url", `http://127.0.0.1:${await freePort()}`], env);
    const missing = await sightline(["smoke"], {
      SIGHTLINE_BASE_URL: "",
      SIGHTLINE_PUBLIC_KEY: "",
      SIGHTLINE_SECRET_KEY: "",
    });

    expect(notAdmin.code).toBe(1);
    expect(notAdmin.stdout).toContain("FAIL  keys: mint a MEMBER key with the ADMIN key: 403 forbidden");
    expect(down.code).toBe(2);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Missing connection settings");
  });
});
