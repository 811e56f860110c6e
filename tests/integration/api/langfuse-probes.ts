import type { TestApp } from "../../support/local-app";
import type { Key } from "../../support/projects";
import { probeComment, probeDataset, probeLangfuseItem, probeModel, probePrompt, probeTrace } from "./resource-probes";

/**
 * The cross-project probes of Langfuse's dataset, prompt, score, comment and model families (docs/langfuse.md): a
 * request by another project's key for a resource of this project must answer 404; part of `crossProjectProbes`.
 */
export const langfuseProbes: Record<string, (app: TestApp, other: Key) => Promise<number>> = {
  // Langfuse's dataset and prompt families (docs/langfuse.md): the other project's names and ids are unknown here.
  "GET /api/public/v2/datasets/{datasetName}": async (app, other) =>
    (await app.call("GET", `/api/public/v2/datasets/${await probeDataset(app)}`, { key: other })).status,
  "GET /api/public/dataset-items/{id}": async (app, other) =>
    (await app.call("GET", `/api/public/dataset-items/${await probeLangfuseItem(app)}`, { key: other })).status,
  "DELETE /api/public/dataset-items/{id}": async (app, other) =>
    (await app.call("DELETE", `/api/public/dataset-items/${await probeLangfuseItem(app)}`, { key: other })).status,
  "GET /api/public/datasets/{datasetName}": async (app, other) =>
    (await app.call("GET", `/api/public/datasets/${await probeDataset(app)}`, { key: other })).status,
  "GET /api/public/datasets/{datasetName}/runs": async (app, other) =>
    (await app.call("GET", `/api/public/datasets/${await probeDataset(app)}/runs`, { key: other })).status,
  "GET /api/public/datasets/{datasetName}/runs/{runName}": async (app, other) =>
    (await app.call("GET", `/api/public/datasets/${await probeDataset(app)}/runs/r0`, { key: other })).status,
  "DELETE /api/public/datasets/{datasetName}/runs/{runName}": async (app, other) =>
    (await app.call("DELETE", `/api/public/datasets/${await probeDataset(app)}/runs/r0`, { key: other })).status,
  "DELETE /api/public/v2/prompts/{name}": async (app, other) => {
    const name = await probePrompt(app);
    const status = (await app.call("DELETE", `/api/public/v2/prompts/${name}`, { key: other })).status;
    if ((await app.call("GET", `/v1/prompts/${name}`)).status !== 200) throw new Error("the prompt was deleted");
    return status;
  },
  "PATCH /api/public/v2/prompts/{name}/versions/{version}": async (app, other) =>
    (
      await app.call("PATCH", `/api/public/v2/prompts/${await probePrompt(app)}/versions/1`, {
        key: other,
        body: { newLabels: ["staging"] },
      })
    ).status,
  // Langfuse-compatible scores, score configs, comments and models (docs/langfuse.md)
  "DELETE /api/public/scores/{scoreId}": async (app, other) => {
    const traceId = await probeTrace(app, {});
    const posted = await app.call("POST", "/v1/scores", { body: { traceId, name: "probe", value: 1 } });
    await app.drainQueues();
    const status = (await app.call("DELETE", `/api/public/scores/${posted.body.id}`, { key: other })).status;
    if ((await app.call("GET", `/api/public/v2/scores/${posted.body.id}`)).status !== 200)
      throw new Error("another project's key deleted the score");
    return status;
  },
  "GET /api/public/v2/scores/{scoreId}": async (app, other) => {
    const traceId = await probeTrace(app, {});
    const posted = await app.call("POST", "/v1/scores", { body: { traceId, name: "probe", value: 1 } });
    await app.drainQueues();
    return (await app.call("GET", `/api/public/v2/scores/${posted.body.id}`, { key: other })).status;
  },
  "GET /api/public/score-configs/{configId}": async (app, other) => {
    const made = await app.call("POST", "/v1/score-configs", {
      body: { name: `probe-${Math.random().toString(36).slice(2)}`, dataType: "BOOLEAN" },
    });
    return (await app.call("GET", `/api/public/score-configs/${made.body.id}`, { key: other })).status;
  },
  "PATCH /api/public/score-configs/{configId}": async (app, other) => {
    const made = await app.call("POST", "/v1/score-configs", {
      body: { name: `probe-${Math.random().toString(36).slice(2)}`, dataType: "BOOLEAN" },
    });
    return (
      await app.call("PATCH", `/api/public/score-configs/${made.body.id}`, { key: other, body: { isArchived: true } })
    ).status;
  },
  "POST /api/public/comments": async (app, other) => {
    const id = await probeTrace(app, {});
    const status = (
      await app.call("POST", "/api/public/comments", {
        key: other,
        body: { objectType: "TRACE", objectId: id, content: "probe" },
      })
    ).status;
    if ((await app.call("GET", `/v1/comments?objectType=TRACE&objectId=${id}`)).body.data.length !== 0)
      throw new Error("another project's key commented on the trace");
    return status;
  },
  "GET /api/public/comments/{commentId}": async (app, other) =>
    (await app.call("GET", `/api/public/comments/${await probeComment(app)}`, { key: other })).status,
  "GET /api/public/models/{id}": async (app, other) =>
    (await app.call("GET", `/api/public/models/${await probeModel(app)}`, { key: other })).status,
  "DELETE /api/public/models/{id}": async (app, other) => {
    const id = await probeModel(app);
    const status = (await app.call("DELETE", `/api/public/models/${id}`, { key: other })).status;
    if ((await app.call("GET", `/api/public/models/${id}`)).status !== 200)
      throw new Error("another project's key deleted the model");
    return status;
  },
};
