import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStaticFiles, isConsolePath } from "@functions/local/static-files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const parent = mkdtempSync(join(tmpdir(), "sightline-static-"));
const dir = join(parent, "dist");
let server: Server;
let base: string;

/** A raw GET (fetch would normalise `..` out of the path before sending it). */
function get(
  path: string,
  method = "GET",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(join(dir, "assets", "index-abc123.css"), "body{}");
  writeFileSync(join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(join(parent, "secret.txt"), "do not serve");
  const files = createStaticFiles({ dir, config: { apiUrl: "", keySignIn: false } });
  server = createServer((req, res) => files.serve(req, res, new URL(req.url!, "http://x").pathname));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(parent, { recursive: true, force: true });
});

describe("console static files (functions/local/static-files.ts)", () => {
  it("answers GET and HEAD outside /v1 and /api only", () => {
    expect(isConsolePath("GET", "/traces/t1")).toBe(true);
    expect(isConsolePath("HEAD", "/")).toBe(true);
    expect(isConsolePath("GET", "/v1/traces")).toBe(false);
    expect(isConsolePath("GET", "/v1")).toBe(false);
    expect(isConsolePath("GET", "/api/public/v2/prompts/x")).toBe(false);
    expect(isConsolePath("POST", "/traces")).toBe(false);
  });

  it("serves hashed assets with their type and a year of immutable caching", async () => {
    const js = await get("/assets/index-abc123.js");
    expect(js).toMatchObject({ status: 200, body: "console.log(1)" });
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const css = await get("/assets/index-abc123.css");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    const svg = await get("/favicon.svg");
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.headers["cache-control"]).toBe("no-cache");
  });

  it("falls back to index.html for app routes, never cached", async () => {
    for (const path of ["/", "/traces", "/traces/a%20b", "/datasets/qa/compare"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toBe("<!doctype html><div id=root></div>");
    }
    const head = await get("/traces", "HEAD");
    expect(head).toMatchObject({ status: 200, body: "" });
  });

  it("answers 404 with the error body for a missing asset or file", async () => {
    for (const path of ["/assets/gone-123.js", "/robots.txt"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ error: { code: "not_found", message: `No file ${path}` } });
    }
  });

  it("never leaves the directory, with plain or encoded dot segments", async () => {
    for (const path of [
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/..%5csecret.txt",
      "/%00",
    ]) {
      const res = await get(path);
      expect(res.body, path).not.toContain("do not serve");
    }
  });

  it("serves /config.json from the runtime, uncached", async () => {
    const res = await get("/config.json");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(res.body)).toEqual({ apiUrl: "", keySignIn: false });
  });
});
