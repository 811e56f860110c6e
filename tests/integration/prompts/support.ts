import type { TestApp } from "../../support/local-app";

export { promptEvents } from "../../support/prompt-events";

type Key = { publicKey: string; secretKey: string };

/** A fresh project (and its ADMIN key) per test, so tests never see each other's prompts. */
export async function newProject(
  app: TestApp,
  name = `p-${Math.random().toString(36).slice(2, 10)}`,
): Promise<Key & { id: string }> {
  const res = await app.call("POST", "/v1/projects", { body: { name } });
  if (res.status !== 201) throw new Error(`project not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const text = (name: string, content: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "TEXT",
  content,
  ...extra,
});
export const include = (name: string, selector: string) => `@@@servicePrompt:name=${name}|${selector}@@@`;

/** POSTs a prompt version and fails loudly unless it was saved. */
export async function save(app: TestApp, key: Key, body: Record<string, unknown>) {
  const res = await app.call("POST", "/v1/prompts", { key, body });
  if (res.status !== 201)
    throw new Error(`save of ${String(body.name)} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
