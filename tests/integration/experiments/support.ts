import { dataset } from "../../support/datasets";
import type { TestApp } from "../../support/local-app";
import { type Key, uniq } from "../../support/projects";

export { type Key, newProject, uniq } from "../../support/projects";

/** A project's dataset of questions, a TEXT prompt over `{{question}}` and two code evaluators. */
export async function experimentSetup(app: TestApp, key: Key, items = 3) {
  const name = await dataset(app, key, {
    items: Array.from({ length: items }, (_, i) => ({
      id: `i${i}`,
      input: { question: `What is ${i} + ${i}?` },
      expectedOutput: String(2 * i),
    })),
  });
  const prompt = uniq("qa");
  const saved = await app.call("POST", "/v1/prompts", {
    key,
    body: { name: prompt, type: "TEXT", content: "Answer briefly: {{question}}", labels: ["production"] },
  });
  if (saved.status !== 201) throw new Error(`prompt not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  const evaluators = [uniq("answered"), uniq("length")];
  for (const [evaluator, expression] of [
    [evaluators[0], "len(output) > 0"],
    [evaluators[1], "len(output) / 100"],
  ] as const) {
    const created = await app.call("POST", "/v1/evaluators", {
      key,
      body: { name: evaluator, kind: "CODE", expression },
    });
    if (created.status !== 201)
      throw new Error(`evaluator not created: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return { name, prompt, evaluators };
}

export const start = (app: TestApp, key: Key, dataset: string, body: Record<string, unknown>) =>
  app.call("POST", `/v1/datasets/${dataset}/experiments`, { key, body });
