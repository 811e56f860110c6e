import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic } from "../../support/local-app";
import { kill, spawnServer } from "../../support/spawn-server";
import { seedDataDir } from "../../support/store-template";

const dataDir = mkdtempSync(join(tmpdir(), "sightline-restart-"));
// Starts from the migrated store template (tests/support/store-template.ts); the start on a directory that does not
// exist yet, stores initialised and migrated from nothing, is the second test's.
beforeAll(() => seedDataDir(dataDir));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm start on embedded stores", () => {
  let minted: { publicKey: string; secretKey: string };

  it("mints and prints a first key when the store holds none, and answers with it", async () => {
    const server = await spawnServer({ SIGHTLINE_DATA_DIR: dataDir });
    try {
      const out = server.output();
      minted = {
        publicKey: out.match(/public key: (pk-sl-\S+)/)![1]!,
        secretKey: out.match(/secret key: (sk-sl-\S+)/)![1]!,
      };

      const res = await fetch(`${server.url}/v1/projects`, { headers: { authorization: basic(minted) } });

      expect(res.status).toBe(200);
      expect(((await res.json()) as any).data[0].name).toBe("default");
    } finally {
      await kill(server, "SIGTERM");
    }
  });

  it("starts on a data directory that does not exist yet, as on a fresh clone", async () => {
    const fresh = join(dataDir, "not", "there", "yet");
    const server = await spawnServer({
      SIGHTLINE_DATA_DIR: fresh,
      SIGHTLINE_INIT_PUBLIC_KEY: "pk-sl-fresh",
      SIGHTLINE_INIT_SECRET_KEY: "sk-sl-fresh",
    });
    try {
      const res = await fetch(`${server.url}/v1/projects`, {
        headers: { authorization: basic({ publicKey: "pk-sl-fresh", secretKey: "sk-sl-fresh" }) },
      });

      expect(res.status).toBe(200);
    } finally {
      await kill(server, "SIGTERM");
    }
  });

  it("keeps what it accepted when killed with SIGKILL right after the 2xx", async () => {
    const first = await spawnServer({ SIGHTLINE_DATA_DIR: dataDir });
    let key: { publicKey: string; secretKey: string };
    try {
      expect(first.output()).not.toContain("secret key:");
      const created = await fetch(`${first.url}/v1/api-keys`, {
        method: "POST",
        headers: { authorization: basic(minted), "content-type": "application/json" },
        body: JSON.stringify({ note: "survivor" }),
      });
      expect(created.status).toBe(201);
      key = (await created.json()) as { publicKey: string; secretKey: string };
    } finally {
      await kill(first, "SIGKILL");
    }

    const second = await spawnServer({ SIGHTLINE_DATA_DIR: dataDir });
    try {
      const res = await fetch(`${second.url}/v1/projects`, { headers: { authorization: basic(key) } });

      expect(res.status).toBe(200);
    } finally {
      await kill(second, "SIGTERM");
    }
  });

  it("bootstraps exactly the configured key, idempotently", async () => {
    const env = {
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_INIT_PUBLIC_KEY: "pk-sl-fixed",
      SIGHTLINE_INIT_SECRET_KEY: "sk-sl-fixed",
      SIGHTLINE_INIT_PROJECT: "pinned",
    };
    for (let run = 0; run < 2; run++) {
      const server = await spawnServer(env);
      try {
        const res = await fetch(`${server.url}/v1/api-keys`, {
          headers: { authorization: basic({ publicKey: "pk-sl-fixed", secretKey: "sk-sl-fixed" }) },
        });
        const keys = ((await res.json()) as any).data;

        expect(res.status).toBe(200);
        expect(keys).toEqual([expect.objectContaining({ publicKey: "pk-sl-fixed", role: "ADMIN" })]);
      } finally {
        await kill(server, "SIGTERM");
      }
    }
  });
});
