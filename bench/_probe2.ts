import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalApp } from "@functions/local/app";

const dataDir = mkdtempSync(join(tmpdir(), "probe-"));
const app = await startLocalApp({ PORT: "0", SIGHTLINE_DATA_DIR: dataDir, SIGHTLINE_LOG_LEVEL: "silent", SIGHTLINE_INIT_PUBLIC_KEY: "pk-sl-probe", SIGHTLINE_INIT_SECRET_KEY: "sk-sl-probe", SIGHTLINE_RATE_LIMITS: "off" }, { background: false });
const url = app.url;
const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: JSON.stringify(body) });
await post("/v1/auth/sign-up/email", { email: "p@example.com", password: "a long password x", name: "P" });
const res = await post("/v1/auth/sign-in/email", { email: "p@example.com", password: "a long password x" });
const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const headers = new Headers({ cookie });
for (let i = 0; i < 300; i++) await app.deps.auth.session(headers);
const client = (app.deps.db as any).$client;
let queries = 0; const seen = new Map<string, number>();
for (const m of ["query", "exec", "execProtocol", "execProtocolRaw"]) { const orig = client[m]?.bind(client); if (orig) client[m] = (...a: any[]) => { queries++; const k = m + ":" + String(a[0]).slice(0, 80); seen.set(k, (seen.get(k) ?? 0) + 1); return orig(...a); }; }
const n = 3000;
const t0 = performance.now();
const xs: number[] = [];
for (let i = 0; i < n; i++) { const t = performance.now(); await app.deps.auth.session(headers); xs.push(performance.now() - t); }
xs.sort((a, b) => a - b);
console.log("auth.session x", n, "total", (performance.now() - t0).toFixed(0), "ms; p50", xs[n / 2]!.toFixed(3), "p99", xs[Math.floor(n * 0.99)]!.toFixed(3));
console.log("queries during loop", queries, [...seen].slice(0, 5));
process.exit(0);
