import type { TestApp } from "./local-app";
import { type Key, uniq } from "./projects";

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
