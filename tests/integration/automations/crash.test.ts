import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic } from "../../support/local-app";
import { startReceiver } from "../../support/receiver";
import { kill, spawnServer } from "../../support/spawn-server";
import { seedDataDir } from "../../support/store-template";

const dataDir = mkdtempSync(join(tmpdir(), "sightline-automation-crash-"));
// A new data directory: it starts from the migrated store template, as startTestApp's do (tests/support/store-template.ts).
beforeAll(() => seedDataDir(dataDir));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const key = { publicKey: "pk-sl-hooks", secretKey: "sk-sl-hooks" };
// A long time limit: the first attempt is still waiting on the receiver when the process dies.
const env = {
  SIGHTLINE_DATA_DIR: dataDir,
  SIGHTLINE_INIT_PUBLIC_KEY: key.publicKey,
  SIGHTLINE_INIT_SECRET_KEY: key.secretKey,
  SIGHTLINE_OUTBOUND_TIMEOUT_MS: "60000",
};

const call = (url: string, method: string, path: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method,
    headers: { authorization: basic(key), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

describe("automation delivery survives kill -9", () => {
  it("delivers an event whose process died between the event and its delivery, after a restart", async () => {
    const receiver = await startReceiver();
    receiver.answer("hang");
    const first = await spawnServer(env);
    let automationId: string;
    try {
      const created = await call(first.url, "POST", "/v1/automations", {
        name: "crash",
        trigger: "prompt.created",
        action: "webhook",
        target: `${receiver.url}/hook`,
      });
      automationId = created.body.id;
      expect(
        (await call(first.url, "POST", "/v1/prompts", { name: "survivor", type: "TEXT", content: "x" })).status,
      ).toBe(201);
      // The background relay sends it at once; the receiver holds the request open.
      await receiver.waitFor(1);
    } finally {
      await kill(first, "SIGKILL");
    }

    const second = await spawnServer(env);
    try {
      const [hung, delivered] = await receiver.waitFor(2);
      expect(JSON.parse(delivered!.body).id).toBe(JSON.parse(hung!.body).id);
      expect(JSON.parse(delivered!.body)).toMatchObject({
        type: "prompt.created",
        data: { name: "survivor", version: 1 },
      });
      let log: any[] = [];
      for (let i = 0; i < 50 && log[0]?.status !== "succeeded"; i++) {
        log = (await call(second.url, "GET", `/v1/automations/${automationId!}/deliveries`)).body.data;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(log).toEqual([expect.objectContaining({ status: "succeeded", attempts: 1, responseStatus: 200 })]);
    } finally {
      await kill(second, "SIGTERM");
      await receiver.close();
    }
  });
});
