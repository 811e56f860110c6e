import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SDK_VERSION } from "../../../sdk/typescript/src/index.js";

describe("TypeScript SDK: process exit", () => {
  it("flushes on Node's beforeExit when the script never calls shutdown()", async () => {
    const received: { batch: { body: { name: string } }[] }[] = [];
    const service = createServer(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw);
      received.push(body);
      res
        .writeHead(207, { "content-type": "application/json" })
        .end(
          JSON.stringify({ successes: body.batch.map((e: { id: string }) => ({ id: e.id, status: 201 })), errors: [] }),
        );
    });
    service.listen(0, "127.0.0.1");
    await once(service, "listening");
    const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const script = fileURLToPath(new URL("./fixtures/exits-without-shutdown.ts", import.meta.url));

    const child = spawn(process.execPath, ["--import", "tsx", script, url], {
      cwd: fileURLToPath(new URL("../../../", import.meta.url)),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const [code] = await once(child, "exit");
    service.close();

    expect(code, stderr).toBe(0);
    expect(received.flatMap((r) => r.batch.map((e) => e.body.name))).toEqual(
      Array.from({ length: 7 }, (_, i) => `exit-${i}`),
    );
  });

  it("states the package's version in the sdk field", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../sdk/typescript/package.json", import.meta.url), "utf8"));

    expect(SDK_VERSION).toBe(pkg.version);
  });
});
