import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { providerCredentials } from "@core/evaluators/evaluators.sql";
import { generateRingKey, keyRingFromSpec } from "@core/platform/keyring";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySignature } from "../../../sdk/typescript/src/index.js";
import { FakeProviders } from "../../support/fake-providers";
import { startTestApp, type TestApp } from "../../support/local-app";
import { createScratchDatabase } from "../../support/scratch-db";
import { seedDataDir } from "../../support/store-template";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const [KEY_A, KEY_B, KEY_X] = [generateRingKey(), generateRingKey(), generateRingKey()];
const admin = { publicKey: "pk-sl-rotation-admin", secretKey: "sk-sl-rotation-admin" };

/** `npm run rotate-secrets` as an operator runs it: its own process, the ring from the environment. */
function rotateCommand(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/rotate-secrets.ts", ...args],
      { cwd: root, env: { ...process.env, SIGHTLINE_LOG_LEVEL: "silent", ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Each test starts the service several times and spawns the rotation command: minutes on a loaded machine.
describe("secrets under the key ring, rotated end to end with the rotation command", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-rotation-"));
  let fake: FakeProviders;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> = null;
  let base: Record<string, string>;
  const orphanSealed = keyRingFromSpec(`lost:${KEY_X}`).encrypt("sk-gone");
  let hookId = "";
  let runnerSecret = "";
  /** A dataset runner on loopback that accepts only triggers signed with the secret it was given. */
  const runner = {
    url: "",
    server: createServer(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      res
        .writeHead(
          (await verifySignature(
            runnerSecret,
            req.headers["x-service-timestamp"] as string,
            raw,
            req.headers["x-service-signature"] as string,
          ))
            ? 202
            : 401,
        )
        .end();
    }),
  };

  beforeAll(async () => {
    fake = await new FakeProviders().start();
    await new Promise<void>((resolve) => runner.server.listen(0, "127.0.0.1", resolve));
    runner.url = `http://127.0.0.1:${(runner.server.address() as AddressInfo).port}/`;
    fake.fallback = () => ({ text: JSON.stringify({ score: 1, reasoning: "ok" }) });
    scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    base = {
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_INIT_PUBLIC_KEY: admin.publicKey,
      SIGHTLINE_INIT_SECRET_KEY: admin.secretKey,
      SIGHTLINE_INIT_ORG: "rotation-org",
      SIGHTLINE_INIT_PROJECT: "rotation-project",
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    await seedDataDir(dataDir, base);
  });
  afterAll(async () => {
    await fake?.stop();
    runner.server.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function withApp<T>(ring: string, use: (app: TestApp) => Promise<T>): Promise<T> {
    const app = await startTestApp({ ...base, SIGHTLINE_KEY_RING: ring });
    try {
      return await use(app);
    } finally {
      await app.close();
    }
  }
  /** Reads the provider key back the only way the service does: a judge call that presents it. */
  async function judgeSeesKey(app: TestApp): Promise<string | undefined> {
    fake.reset();
    const res = await app.call("POST", "/v1/evaluators/rotating/run", {
      key: admin,
      body: { traceId: "t-rotation", output: "x" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return fake.requests[0]?.headers.authorization;
  }
  const sealedRows = (app: TestApp) => app.deps.db.select().from(providerCredentials);

  it("writes under key A, rotates to [B, A], reads, drops A, reads; a row under an unknown key is listed and untouched", async () => {
    await withApp(`a:${KEY_A}`, async (app) => {
      expect(
        (
          await app.call("PUT", "/v1/providers/openai", {
            key: admin,
            body: { apiKey: "sk-rotate-me", baseUrl: `${fake.url}/v1` },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await app.call("POST", "/v1/evaluators", {
            key: admin,
            body: { name: "rotating", prompt: "Rate {{output}}", provider: "openai", model: "gpt-4o-mini" },
          })
        ).status,
      ).toBe(201);
      const now = new Date();
      await app.deps.db.insert(providerCredentials).values({
        id: "orphan-row",
        projectId: "project-of-the-past",
        provider: "anthropic",
        apiKeySealed: orphanSealed,
        baseUrl: null,
        createdAt: now,
        updatedAt: now,
      });
      expect(await judgeSeesKey(app)).toBe("Bearer sk-rotate-me");
      expect((await app.call("POST", "/v1/datasets", { key: admin, body: { name: "rotating" } })).status).toBe(201);
      runnerSecret = (await app.call("PUT", "/v1/datasets/rotating/runner", { key: admin, body: { url: runner.url } }))
        .body.secret;
      // An automation's signing secret and a sink key are sealed the same way (docs/automations.md).
      const hook = await app.call("POST", "/v1/automations", {
        key: admin,
        body: {
          name: "rotating-hook",
          trigger: "prompt.created",
          action: "webhook",
          target: runner.url,
          secret: runnerSecret,
        },
      });
      expect(hook.status).toBe(201);
      hookId = hook.body.id;
      expect(
        (
          await app.call("PUT", "/v1/event-sink", {
            key: admin,
            body: { url: runner.url, apiKey: "phc_rotate", events: ["trace"] },
          })
        ).status,
      ).toBe(200);
    });

    const rotation = await rotateCommand({ ...base, SIGHTLINE_KEY_RING: `b:${KEY_B},a:${KEY_A}` });

    expect(rotation.code, rotation.stderr).toBe(0);
    expect(rotation.stdout).toContain(
      'provider_credentials: 1 rewritten, 0 already under "b", 1 unreadable (left untouched)',
    );
    expect(rotation.stdout).toContain(
      'dataset_runners: 1 rewritten, 0 already under "b", 0 unreadable (left untouched)',
    );
    expect(rotation.stdout).toContain('automations: 1 rewritten, 0 already under "b", 0 unreadable (left untouched)');
    expect(rotation.stdout).toContain('event_sinks: 1 rewritten, 0 already under "b", 0 unreadable (left untouched)');
    expect(rotation.stdout).toContain(
      'unreadable: orphan-row (project project-of-the-past, provider anthropic) sealed under key "lost"',
    );

    await withApp(`b:${KEY_B},a:${KEY_A}`, async (app) => {
      expect(await judgeSeesKey(app)).toBe("Bearer sk-rotate-me");
      const rows = await sealedRows(app);
      expect(rows.find((r) => r.provider === "openai")!.apiKeySealed).toMatch(/^v1:b:/);
    });

    await withApp(`b:${KEY_B}`, async (app) => {
      expect(await judgeSeesKey(app)).toBe("Bearer sk-rotate-me");
      // The runner secret, re-sealed under "b", still signs triggers the runner verifies with the secret it was given.
      const remote = await app.call("POST", "/v1/datasets/rotating/remote-runs", {
        key: admin,
        body: { runName: "after-rotation" },
      });
      expect(remote.body).toMatchObject({ accepted: true, status: "accepted" });
      // So does the automation's secret: the receiver verifies the test send's signature.
      expect((await app.call("POST", `/v1/automations/${hookId}/test`, { key: admin })).body).toMatchObject({
        status: "succeeded",
        responseStatus: 202,
      });
      const [orphan] = await app.deps.db
        .select()
        .from(providerCredentials)
        .where(eq(providerCredentials.id, "orphan-row"));
      expect(orphan!.apiKeySealed).toBe(orphanSealed);

      // A project's key sealed under a key no longer in the ring: the run says what to do instead of a 500.
      const saved = await app.call("PUT", "/v1/providers/anthropic", {
        key: admin,
        body: { apiKey: "sk-ant", baseUrl: fake.url },
      });
      expect(saved.status).toBe(200);
      await app.deps.db
        .update(providerCredentials)
        .set({ apiKeySealed: orphanSealed })
        .where(
          eq(
            providerCredentials.apiKeySealed,
            (await sealedRows(app)).find((r) => r.provider === "anthropic" && r.id !== "orphan-row")!.apiKeySealed,
          ),
        );
      await app.call("POST", "/v1/evaluators", {
        key: admin,
        body: { name: "lost-key", prompt: "p", provider: "anthropic", model: "claude-3-5-haiku-20241022" },
      });
      const lost = await app.call("POST", "/v1/evaluators/lost-key/run", {
        key: admin,
        body: { traceId: "t-rotation", output: "x" },
      });
      expect(lost.status).toBe(422);
      expect(lost.body.error.message).toBe(
        'The stored key for provider "anthropic" cannot be opened (No key "lost" in the key ring): store it again with PUT /v1/providers/anthropic',
      );
    });

    const again = await rotateCommand({ ...base, SIGHTLINE_KEY_RING: `b:${KEY_B}` }, ["--json"]);
    const report = JSON.parse(again.stdout);
    expect(report.activeKeyId).toBe("b");
    expect(report.tables.map((t: any) => t.table)).toEqual([
      "provider_credentials",
      "dataset_runners",
      "automations",
      "event_sinks",
      "auth_sso_providers",
      "export_configs",
    ]);
    // No scheduled export holds bucket keys here (docs/export.md): the table is walked and nothing is rewritten.
    expect(report.tables[5]).toEqual({ table: "export_configs", rewritten: 0, alreadyCurrent: 0, unreadable: [] });
    expect(report.tables[2]).toEqual({ table: "automations", rewritten: 0, alreadyCurrent: 1, unreadable: [] });
    expect(report.tables[3]).toEqual({ table: "event_sinks", rewritten: 0, alreadyCurrent: 1, unreadable: [] });
    expect(report.tables[0]).toMatchObject({ table: "provider_credentials", rewritten: 0, alreadyCurrent: 1 });
    expect(report.tables[1]).toEqual({ table: "dataset_runners", rewritten: 0, alreadyCurrent: 1, unreadable: [] });
    expect(report.tables[0].unreadable).toEqual(
      expect.arrayContaining([
        { id: "orphan-row", label: "project project-of-the-past, provider anthropic", keyId: "lost" },
        expect.objectContaining({ label: expect.stringMatching(/provider anthropic$/), keyId: "lost" }),
      ]),
    );
    expect(report.tables[0].unreadable).toHaveLength(2);
  }, 240_000);

  it("npm start without a configured ring makes one at <data dir>/keyring (mode 0600) and reuses it after a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-keyring-"));
    try {
      const env = {
        SIGHTLINE_DATA_DIR: dir,
        SIGHTLINE_INIT_PUBLIC_KEY: admin.publicKey,
        SIGHTLINE_INIT_SECRET_KEY: admin.secretKey,
        SIGHTLINE_INIT_ORG: "o",
        SIGHTLINE_INIT_PROJECT: "p",
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      };
      const first = await startTestApp(env);
      let ring: string;
      try {
        ring = readFileSync(join(dir, "keyring"), "utf8");
        expect(statSync(join(dir, "keyring")).mode & 0o777).toBe(0o600);
        expect(ring).toMatch(/^k1:[A-Za-z0-9+/]{43}=\n$/);
        await first.call("PUT", "/v1/providers/anthropic", { key: admin, body: { apiKey: "sk-ant-kept" } });
      } finally {
        await first.close();
      }
      const second = await startTestApp(env);
      try {
        expect(readFileSync(join(dir, "keyring"), "utf8")).toBe(ring);
        // With DATABASE_URL both tests share one scratch database, which also holds the orphan row.
        const row = (
          await second.deps.db.select().from(providerCredentials).where(eq(providerCredentials.provider, "anthropic"))
        ).find((r) => r.id !== "orphan-row");
        expect(second.deps.keyRing.decrypt(row!.apiKeySealed)).toBe("sk-ant-kept");
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
