import { createReadStream, existsSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

export interface ConsoleConfig {
  apiUrl: string;
  keySignIn: boolean;
}

/** True for the paths the console answers: GET or HEAD of anything outside the API's prefixes. */
export function isConsolePath(method: string, pathname: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  // `/.well-known/*` is the API's OAuth discovery (docs/mcp.md, "OAuth").
  return !(
    pathname === "/v1" ||
    pathname.startsWith("/v1/") ||
    pathname.startsWith("/api/") ||
    pathname.startsWith("/.well-known/")
  );
}

/**
 * Serves the built console (console/dist) with the single-page fallback to index.html, long caching for the
 * content-hashed assets only, and `/config.json` from the runtime (docs/console.md, "Build and serve").
 */
export function createStaticFiles(options: { dir: string; config: ConsoleConfig }) {
  const dir = resolve(options.dir);
  const config = JSON.stringify(options.config);

  const sendFile = (req: IncomingMessage, res: ServerResponse, file: string, cache: string) => {
    const size = statSync(file).size;
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "content-length": size,
      "cache-control": cache,
      "x-content-type-options": "nosniff",
    });
    if (req.method === "HEAD") return void res.end();
    createReadStream(file).pipe(res);
  };

  return {
    serve(req: IncomingMessage, res: ServerResponse, pathname: string): void {
      req.resume();
      if (pathname === "/config.json") {
        res
          .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
          .end(req.method === "HEAD" ? undefined : config);
        return;
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        decoded = "";
      }
      // Resolved against the root and kept inside it: `..`, encoded or not, never leaves console/dist.
      const file = resolve(join(dir, decoded));
      const inside = decoded !== "" && !decoded.includes("\0") && (file === dir || file.startsWith(dir + sep));
      if (inside && file !== dir && existsSync(file) && statSync(file).isFile()) {
        const hashed = decoded.startsWith("/assets/");
        sendFile(req, res, file, hashed ? "public, max-age=31536000, immutable" : "no-cache");
        return;
      }
      // A missing asset is a 404; any other path is a page of the app, which routes it in the browser.
      const index = join(dir, "index.html");
      if (decoded.startsWith("/assets/") || extname(decoded) !== "" || !existsSync(index)) {
        const message = existsSync(index) ? `No file ${pathname}` : "The console is not built: run npm run build";
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { code: "not_found", message } }));
        return;
      }
      sendFile(req, res, index, "no-cache");
    },
  };
}
