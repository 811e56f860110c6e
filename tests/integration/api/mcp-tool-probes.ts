import type { TestApp } from "../../support/local-app";
import type { Key } from "../../support/projects";
import { probeDataset, probeEvaluator, probePrompt, probeQueue, probeTrace } from "./resource-probes";

/** One JSON-RPC `tools/call` to /v1/mcp by `key`: the tool's result (a stateless server needs no session). */
export async function callTool(
  app: TestApp,
  key: Key,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError?: boolean; structuredContent?: any; content: { text: string }[] }> {
  const res = await app.call("POST", "/v1/mcp", {
    key,
    headers: { accept: "application/json, text/event-stream" },
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
  });
  if (res.status !== 200 || !res.body.result)
    throw new Error(`tools/call ${name} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result;
}

/**
 * For each MCP tool that addresses a resource, a call by another project's key for a resource of this project;
 * it must be the tool error `not_found`. Every tool is listed, so a new one cannot skip the check (list tools
 * read only the caller's own project: their probe checks that this project's resource stays out of the answer).
 */
export const toolProbes: Record<string, (app: TestApp, other: Key) => Promise<unknown>> = {
  get_trace: async (app, other) =>
    (await callTool(app, other, "get_trace", { id: await probeTrace(app, {}) })).structuredContent.error?.code,
  list_traces: async (app, other) => {
    const id = await probeTrace(app, {});
    return (await callTool(app, other, "list_traces", { limit: 1000 })).structuredContent.data.some(
      (t: { id: string }) => t.id === id,
    )
      ? "leaked"
      : "not_found";
  },
  search_observations: async (app, other) => {
    const traceId = await probeTrace(app, {});
    return (await callTool(app, other, "search_observations", { traceId })).structuredContent.data.length
      ? "leaked"
      : "not_found";
  },
  get_metrics: async (app, other) => {
    await probeTrace(app, {});
    return (await callTool(app, other, "get_metrics", {})).structuredContent.data.length ? "leaked" : "not_found";
  },
  list_prompts: async (app, other) =>
    (await callTool(app, other, "list_prompts", { name: await probePrompt(app) })).structuredContent.data.length
      ? "leaked"
      : "not_found",
  get_prompt: async (app, other) =>
    (await callTool(app, other, "get_prompt", { name: await probePrompt(app) })).structuredContent.error?.code,
  save_prompt: async (app, other) => {
    const name = await probePrompt(app);
    await callTool(app, other, "save_prompt", { name, type: "TEXT", content: "taken" });
    return (await app.call("GET", `/v1/prompts/${name}`)).body.version === 1
      ? "not_found"
      : "another project's key saved over the prompt";
  },
  set_prompt_label: async (app, other) =>
    (await callTool(app, other, "set_prompt_label", { name: await probePrompt(app), label: "staging", version: 1 }))
      .structuredContent.error?.code,
  list_datasets: async (app, other) => {
    const name = await probeDataset(app);
    return (await callTool(app, other, "list_datasets", { limit: 1000 })).structuredContent.data.some(
      (d: { name: string }) => d.name === name,
    )
      ? "leaked"
      : "not_found";
  },
  add_dataset_items: async (app, other) =>
    (await callTool(app, other, "add_dataset_items", { name: await probeDataset(app), items: [{ input: "x" }] }))
      .structuredContent.error?.code,
  add_trace_to_dataset: async (app, other) => {
    const name = await probeDataset(app);
    const traceId = await probeTrace(app, {});
    return (await callTool(app, other, "add_trace_to_dataset", { name, traceId })).structuredContent.error?.code;
  },
  create_score: async (app, other) => {
    const traceId = await probeTrace(app, {});
    await callTool(app, other, "create_score", { traceId, name: "probe", value: 1 });
    await app.drainQueues();
    return (await app.call("GET", `/v1/traces/${traceId}`)).body.scores.length === 0
      ? "not_found"
      : "another project's key scored the trace";
  },
  run_evaluator: async (app, other) =>
    (await callTool(app, other, "run_evaluator", { name: await probeEvaluator(app), traceId: "probe", output: "x" }))
      .structuredContent.error?.code,
  list_review_items: async (app, other) =>
    (await callTool(app, other, "list_review_items", { queue: (await probeQueue(app)).name })).structuredContent.error
      ?.code,
  submit_review: async (app, other) => {
    const { name, itemId } = await probeQueue(app);
    return (await callTool(app, other, "submit_review", { queue: name, itemId, value: true })).structuredContent.error
      ?.code;
  },
};
