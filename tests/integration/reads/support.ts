import { randomUUID } from "node:crypto";
import type { TestApp } from "../../support/local-app";

export type Key = { publicKey: string; secretKey: string };

/** A fresh project (and its ADMIN key) per test: tests stay apart without truncating. */
export async function newProject(app: TestApp): Promise<Key & { id: string }> {
  const res = await app.call("POST", "/v1/projects", { body: { name: `reads-${randomUUID()}` } });
  if (res.status !== 201) throw new Error(`project not created: ${res.status}`);
  return res.body;
}

/** GET with query parameters (objects and arrays as JSON, as the `filter` parameter wants). */
export async function get(app: TestApp, key: Key, path: string, query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    qs.append(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  const s = qs.toString();
  return app.call("GET", s ? `${path}?${s}` : path, { key });
}

/** Every page of a list endpoint, following `nextCursor`. */
export async function allPages(app: TestApp, key: Key, path: string, query: Record<string, unknown> = {}) {
  const out: any[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await get(app, key, path, { ...query, cursor });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    out.push(...res.body.data);
    cursor = res.body.nextCursor ?? undefined;
    if (!cursor) return out;
  }
  throw new Error("too many pages");
}
