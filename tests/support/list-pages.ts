import type { TestApp } from "./local-app";
import type { Key } from "./projects";

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
