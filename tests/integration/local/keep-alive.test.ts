import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";

/** Kept-alive connections of `npm start` (docs/architecture.md, "Decisions recorded here"). */
describe("the local server's kept-alive connections", () => {
  let app: TestApp;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    agent.destroy();
    await app?.close();
  });

  const get = (path: string) =>
    new Promise<{ status: number; keepAlive: string; reused: boolean }>((resolve, reject) => {
      const req = request(`${app.url}${path}`, { agent }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            keepAlive: String(res.headers["keep-alive"]),
            reused: req.reusedSocket,
          }),
        );
      });
      req.on("error", reject);
      req.end();
    });

  it("tells clients an idle connection stays open 65 s, and serves the next request on it", async () => {
    const first = await get("/v1/none");
    const second = await get("/v1/nope");

    expect(first).toEqual({ status: 404, keepAlive: "timeout=65", reused: false });
    expect(second).toEqual({ status: 404, keepAlive: "timeout=65", reused: true });
  });
});
