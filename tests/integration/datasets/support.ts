import type { TestApp } from "../../support/local-app";

export type Key = { publicKey: string; secretKey: string };

export const uniq = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

/** A fresh project (and its ADMIN key), so tests never see each other's datasets. */
export async function newProject(app: TestApp): Promise<Key & { id: string }> {
  const res = await app.call("POST", "/v1/projects", { body: { name: uniq("p") } });
  if (res.status !== 201) throw new Error(`project not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates a dataset (and declares a schema, adds items when given); fails loudly otherwise. */
export async function dataset(
  app: TestApp,
  key: Key,
  options: { name?: string; schema?: unknown; items?: unknown[] } = {},
): Promise<string> {
  const name = options.name ?? uniq("ds");
  const created = await app.call("POST", "/v1/datasets", { key, body: { name } });
  if (created.status !== 201) throw new Error(`dataset not created: ${created.status} ${JSON.stringify(created.body)}`);
  if (options.schema) {
    const declared = await app.call("PUT", `/v1/datasets/${name}/schema`, { key, body: options.schema });
    if (declared.status !== 200)
      throw new Error(`schema not declared: ${declared.status} ${JSON.stringify(declared.body)}`);
  }
  if (options.items) {
    const added = await app.call("POST", `/v1/datasets/${name}/items`, { key, body: { items: options.items } });
    if (added.status !== 200 || added.body.rejected)
      throw new Error(`items not added: ${added.status} ${JSON.stringify(added.body)}`);
  }
  return name;
}
