import type { TestApp } from "./local-app";

export type Key = { publicKey: string; secretKey: string };

export const uniq = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

/** A fresh project (and its ADMIN key), so tests never see each other's data. */
export async function newProject(app: TestApp): Promise<Key & { id: string }> {
  const res = await app.call("POST", "/v1/projects", { body: { name: uniq("p") } });
  if (res.status !== 201) throw new Error(`project not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
