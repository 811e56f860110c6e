import type { TestApp } from "../../support/local-app";
import type { Key } from "../../support/projects";
import { langfuseProbes } from "./langfuse-probes";
import {
  probeComment,
  probeDataset,
  probeEvaluator,
  probeMedia,
  probePrompt,
  probeProvider,
  probeQueue,
  probeTrace,
} from "./resource-probes";
import { settingsProbes } from "./settings-probes";

/**
 * For each route that addresses a resource, a request by another project's key for
 * a resource of this project; it must answer 404. A route with a path parameter
 * must have an entry here, so new resource routes cannot skip the check.
 */
export const crossProjectProbes: Record<string, (app: TestApp, other: Key) => Promise<number>> = {
  // media (docs/media.md): another project's key finds nothing of this project's uploads
  "GET /api/public/media/{mediaId}": async (app, other) =>
    (await app.call("GET", `/api/public/media/${await probeMedia(app)}`, { key: other })).status,
  "GET /v1/media/{id}": async (app, other) =>
    (await app.call("GET", `/v1/media/${await probeMedia(app)}`, { key: other })).status,
  "PATCH /api/public/media/{mediaId}": async (app, other) => {
    const id = await probeMedia(app);
    const status = (
      await app.call("PATCH", `/api/public/media/${id}`, {
        key: other,
        body: { uploadedAt: new Date().toISOString(), uploadHttpStatus: 500 },
      })
    ).status;
    if ((await app.call("GET", `/api/public/media/${id}`)).status !== 200)
      throw new Error("another project's key changed the media");
    return status;
  },
  "GET /v1/traces/{id}": async (app, other) => {
    const id = `probe-trace-${Math.random().toString(36).slice(2)}`;
    await app.call("POST", "/v1/ingest", {
      body: { batch: [{ id, type: "trace-create", timestamp: new Date().toISOString(), body: { id } }] },
    });
    await app.drainQueues();
    if ((await app.call("GET", `/v1/traces/${id}`)).status !== 200) throw new Error("probe trace was not stored");
    return (await app.call("GET", `/v1/traces/${id}`, { key: other })).status;
  },
  "DELETE /v1/traces/{id}": async (app, other) => {
    const id = await probeTrace(app, {});
    const status = (await app.call("DELETE", `/v1/traces/${id}`, { key: other })).status;
    if ((await app.call("GET", `/v1/traces/${id}`)).status !== 200)
      throw new Error("another project's key deleted the trace");
    return status;
  },
  "DELETE /v1/scores/{id}": async (app, other) => {
    const traceId = await probeTrace(app, {});
    const posted = await app.call("POST", "/v1/scores", { body: { traceId, name: "probe", value: 1 } });
    await app.drainQueues();
    const status = (await app.call("DELETE", `/v1/scores/${posted.body.id}`, { key: other })).status;
    if (
      !(await app.call("GET", `/v1/traces/${traceId}`)).body.scores.some((s: { id: string }) => s.id === posted.body.id)
    )
      throw new Error("another project's key deleted the score");
    return status;
  },
  "POST /v1/traces/{id}/share-links": async (app, other) => {
    const id = await probeTrace(app, {});
    const status = (await app.call("POST", `/v1/traces/${id}/share-links`, { key: other, body: {} })).status;
    if ((await app.call("GET", `/v1/traces/${id}/share-links`)).body.data.length !== 0)
      throw new Error("another project's key shared the trace");
    return status;
  },
  "GET /v1/traces/{id}/share-links": async (app, other) => {
    const id = await probeTrace(app, {});
    await app.call("POST", `/v1/traces/${id}/share-links`, { body: {} });
    return (await app.call("GET", `/v1/traces/${id}/share-links`, { key: other })).status;
  },
  "DELETE /v1/traces/{id}/share-links/{linkId}": async (app, other) => {
    const id = await probeTrace(app, {});
    const link = (await app.call("POST", `/v1/traces/${id}/share-links`, { body: {} })).body;
    const status = (await app.call("DELETE", `/v1/traces/${id}/share-links/${link.id}`, { key: other })).status;
    if ((await app.call("GET", `/v1/shared/${link.token}`, { key: null })).status !== 200)
      throw new Error("another project's key revoked the link");
    return status;
  },
  // Public: the token is the credential, whoever calls (docs/sharing.md); another project's key gets what anyone gets, so
  // the probe is a link of this project revoked: 404 to everyone, the other project's key included.
  "GET /v1/shared/{token}": async (app, other) => {
    const id = await probeTrace(app, {});
    const link = (await app.call("POST", `/v1/traces/${id}/share-links`, { body: {} })).body;
    await app.call("DELETE", `/v1/traces/${id}/share-links/${link.id}`);
    return (await app.call("GET", `/v1/shared/${link.token}`, { key: other })).status;
  },
  "POST /v1/comments": async (app, other) => {
    const id = await probeTrace(app, {});
    const status = (
      await app.call("POST", "/v1/comments", { key: other, body: { objectType: "TRACE", objectId: id, body: "probe" } })
    ).status;
    if ((await app.call("GET", `/v1/comments?objectType=TRACE&objectId=${id}`)).body.data.length !== 0)
      throw new Error("another project's key commented on the trace");
    return status;
  },
  "GET /v1/comments": async (app, other) => {
    const id = await probeTrace(app, {});
    await app.call("POST", "/v1/comments", { body: { objectType: "TRACE", objectId: id, body: "probe" } });
    return (await app.call("GET", `/v1/comments?objectType=TRACE&objectId=${id}`, { key: other })).status;
  },
  "GET /api/public/traces/{traceId}": async (app, other) =>
    (await app.call("GET", `/api/public/traces/${await probeTrace(app, {})}`, { key: other })).status,
  "DELETE /api/public/traces/{traceId}": async (app, other) => {
    const id = await probeTrace(app, {});
    const status = (await app.call("DELETE", `/api/public/traces/${id}`, { key: other })).status;
    if ((await app.call("GET", `/v1/traces/${id}`)).status !== 200)
      throw new Error("another project's key deleted the trace");
    return status;
  },
  "DELETE /api/public/traces": async (app, other) => {
    const id = await probeTrace(app, {});
    const status = (await app.call("DELETE", "/api/public/traces", { key: other, body: { traceIds: [id] } })).status;
    if ((await app.call("GET", `/v1/traces/${id}`)).status !== 200)
      throw new Error("another project's key deleted the trace");
    return status;
  },
  "GET /api/public/observations/{observationId}": async (app, other) => {
    const traceId = await probeTrace(app, {});
    const id = `${traceId}-span`;
    await app.call("POST", "/v1/ingest", {
      body: { batch: [{ id, type: "span-create", timestamp: new Date().toISOString(), body: { id, traceId } }] },
    });
    await app.drainQueues();
    if ((await app.call("GET", `/api/public/observations/${id}`)).status !== 200)
      throw new Error("probe observation was not stored");
    return (await app.call("GET", `/api/public/observations/${id}`, { key: other })).status;
  },
  "GET /api/public/sessions/{sessionId}": async (app, other) => {
    const sessionId = `probe-session-${Math.random().toString(36).slice(2)}`;
    await probeTrace(app, { sessionId });
    if ((await app.call("GET", `/api/public/sessions/${sessionId}`)).status !== 200)
      throw new Error("probe session was not stored");
    return (await app.call("GET", `/api/public/sessions/${sessionId}`, { key: other })).status;
  },
  "GET /v1/comments/{id}": async (app, other) =>
    (await app.call("GET", `/v1/comments/${await probeComment(app)}`, { key: other })).status,
  "PATCH /v1/comments/{id}": async (app, other) => {
    const id = await probeComment(app);
    const status = (await app.call("PATCH", `/v1/comments/${id}`, { key: other, body: { body: "taken" } })).status;
    if ((await app.call("GET", `/v1/comments/${id}`)).body.body !== "probe")
      throw new Error("another project's key edited the comment");
    return status;
  },
  "DELETE /v1/comments/{id}": async (app, other) => {
    const id = await probeComment(app);
    const status = (await app.call("DELETE", `/v1/comments/${id}`, { key: other })).status;
    if ((await app.call("GET", `/v1/comments/${id}`)).status !== 200)
      throw new Error("another project's key deleted the comment");
    return status;
  },
  "PATCH /v1/score-configs/{id}": async (app, other) => {
    const made = await app.call("POST", "/v1/score-configs", {
      body: { name: `probe-${Math.random().toString(36).slice(2)}`, dataType: "BOOLEAN" },
    });
    return (await app.call("PATCH", `/v1/score-configs/${made.body.id}`, { key: other, body: { archived: true } }))
      .status;
  },
  "GET /v1/review-queues/{queue}": async (app, other) =>
    (await app.call("GET", `/v1/review-queues/${(await probeQueue(app)).name}`, { key: other })).status,
  "GET /v1/review-queues/{queue}/items": async (app, other) =>
    (await app.call("GET", `/v1/review-queues/${(await probeQueue(app)).name}/items`, { key: other })).status,
  "POST /v1/review-queues/{queue}/items": async (app, other) => {
    const { name } = await probeQueue(app);
    const status = (
      await app.call("POST", `/v1/review-queues/${name}/items`, { key: other, body: { traceIds: ["x"] } })
    ).status;
    return status;
  },
  "POST /v1/review-queues/{queue}/items/{itemId}/score": async (app, other) => {
    const { name, itemId } = await probeQueue(app);
    const status = (
      await app.call("POST", `/v1/review-queues/${name}/items/${itemId}/score`, { key: other, body: { value: true } })
    ).status;
    if ((await app.call("GET", `/v1/review-queues/${name}`)).body.done !== 0)
      throw new Error("another project's key reviewed the item");
    return status;
  },
  // Alerts, SSO providers, export configs and automations (./settings-probes.ts).
  ...settingsProbes,
  "GET /v1/sessions/{id}": async (app, other) => {
    const sessionId = `probe-session-${Math.random().toString(36).slice(2)}`;
    await probeTrace(app, { sessionId });
    if ((await app.call("GET", `/v1/sessions/${sessionId}`)).status !== 200)
      throw new Error("probe session was not stored");
    return (await app.call("GET", `/v1/sessions/${sessionId}`, { key: other })).status;
  },
  "DELETE /v1/users/{userId}/data": async (app, other) => {
    const userId = `probe-user-${Math.random().toString(36).slice(2)}`;
    const id = await probeTrace(app, { userId });
    const status = (await app.call("DELETE", `/v1/users/${userId}/data`, { key: other })).status;
    if ((await app.call("GET", `/v1/traces/${id}`)).status !== 200)
      throw new Error("another project's key deleted the user's data");
    return status;
  },
  "PATCH /v1/api-keys": async (app, other) => {
    const victim = await app.call("POST", "/v1/api-keys", { body: { role: "VIEWER" } });
    return (await app.call("PATCH", "/v1/api-keys", { key: other, body: { id: victim.body.id, role: "ADMIN" } }))
      .status;
  },
  "DELETE /v1/api-keys": async (app, other) => {
    const victim = await app.call("POST", "/v1/api-keys", { body: {} });
    return (await app.call("DELETE", "/v1/api-keys", { key: other, body: { publicKey: victim.body.publicKey } }))
      .status;
  },
  "GET /v1/prompts/{name}": async (app, other) =>
    (await app.call("GET", `/v1/prompts/${await probePrompt(app)}`, { key: other })).status,
  "PATCH /v1/prompts/{name}": async (app, other) =>
    (
      await app.call("PATCH", `/v1/prompts/${await probePrompt(app)}`, {
        key: other,
        body: { name: `taken-${Math.random().toString(36).slice(2)}` },
      })
    ).status,
  "DELETE /v1/prompts/{name}": async (app, other) =>
    (await app.call("DELETE", `/v1/prompts/${await probePrompt(app)}`, { key: other })).status,
  "POST /v1/prompts/{name}/labels": async (app, other) =>
    (
      await app.call("POST", `/v1/prompts/${await probePrompt(app)}/labels`, {
        key: other,
        body: { label: "staging", version: 1 },
      })
    ).status,
  "POST /v1/prompts/{name}/compile": async (app, other) =>
    (await app.call("POST", `/v1/prompts/${await probePrompt(app)}/compile`, { key: other, body: {} })).status,
  "GET /api/public/v2/prompts/{name}": async (app, other) =>
    (await app.call("GET", `/api/public/v2/prompts/${await probePrompt(app)}`, { key: other })).status,
  // Langfuse's dataset, prompt, score, comment and model families (./langfuse-probes.ts).
  ...langfuseProbes,
  "GET /v1/evaluators/{name}": async (app, other) =>
    (await app.call("GET", `/v1/evaluators/${await probeEvaluator(app)}`, { key: other })).status,
  "PUT /v1/evaluators/{name}": async (app, other) =>
    (
      await app.call("PUT", `/v1/evaluators/${await probeEvaluator(app)}`, {
        key: other,
        body: { prompt: "p", provider: "mock", model: "m" },
      })
    ).status,
  "POST /v1/evaluators/{name}/run": async (app, other) =>
    (
      await app.call("POST", `/v1/evaluators/${await probeEvaluator(app)}/run`, {
        key: other,
        body: { traceId: "probe", output: "x" },
      })
    ).status,
  "GET /v1/evaluators/{name}/executions": async (app, other) =>
    (await app.call("GET", `/v1/evaluators/${await probeEvaluator(app)}/executions`, { key: other })).status,
  "POST /v1/evaluators/{name}/backfill": async (app, other) => {
    const name = await probeEvaluator(app);
    const status = (await app.call("POST", `/v1/evaluators/${name}/backfill`, { key: other, body: { days: 1 } }))
      .status;
    if ((await app.call("GET", `/v1/evaluators/backfills?evaluator=${name}`)).body.data.length !== 0)
      throw new Error("another project's key started a backfill");
    return status;
  },
  "GET /v1/providers/{provider}": async (app, other) => {
    await probeProvider(app, "anthropic");
    return (await app.call("GET", "/v1/providers/anthropic", { key: other })).status;
  },
  "DELETE /v1/providers/{provider}": async (app, other) => {
    await probeProvider(app, "anthropic");
    const status = (await app.call("DELETE", "/v1/providers/anthropic", { key: other })).status;
    if ((await app.call("GET", "/v1/providers/anthropic")).status !== 200)
      throw new Error("another project's DELETE removed this project's credentials");
    return status;
  },
  // A PUT is an upsert into the caller's own project: it must leave this project's credentials alone,
  // and what it stored stays invisible here (the other project still sees none of this project's).
  "PUT /v1/providers/{provider}": async (app, other) => {
    await probeProvider(app, "anthropic");
    const before = (await app.call("GET", "/v1/providers/anthropic")).body;
    await app.call("PUT", "/v1/providers/anthropic", {
      key: other,
      body: { apiKey: "sk-other", baseUrl: "https://other.example.com" },
    });
    const after = (await app.call("GET", "/v1/providers/anthropic")).body;
    if (JSON.stringify(after) !== JSON.stringify(before))
      throw new Error("another project's PUT changed this project's credentials");
    await app.call("DELETE", "/v1/providers/anthropic", { key: other });
    return (await app.call("GET", "/v1/providers/anthropic", { key: other })).status;
  },
  "GET /v1/datasets/{name}": async (app, other) =>
    (await app.call("GET", `/v1/datasets/${await probeDataset(app)}`, { key: other })).status,
  "PUT /v1/datasets/{name}/schema": async (app, other) => {
    const name = await probeDataset(app);
    const status = (
      await app.call("PUT", `/v1/datasets/${name}/schema`, { key: other, body: { input: { required: ["x"] } } })
    ).status;
    if ((await app.call("GET", `/v1/datasets/${name}`)).body.schema !== null)
      throw new Error("another project's key declared a schema");
    return status;
  },
  "GET /v1/datasets/{name}/schema/check": async (app, other) =>
    (await app.call("GET", `/v1/datasets/${await probeDataset(app)}/schema/check`, { key: other })).status,
  "POST /v1/datasets/{name}/items": async (app, other) => {
    const name = await probeDataset(app);
    const status = (
      await app.call("POST", `/v1/datasets/${name}/items`, { key: other, body: { items: [{ input: "x" }] } })
    ).status;
    if ((await app.call("GET", `/v1/datasets/${name}`)).body.itemCount !== 1)
      throw new Error("another project's key added items");
    return status;
  },
  "POST /v1/datasets/{name}/items/csv": async (app, other) =>
    (
      await app.call("POST", `/v1/datasets/${await probeDataset(app)}/items/csv`, {
        key: other,
        body: { csv: "q\nx\n", mapping: { input: "q" } },
      })
    ).status,
  "POST /v1/datasets/{name}/items/from-trace": async (app, other) => {
    const name = await probeDataset(app);
    const traceId = await probeTrace(app, {});
    const status = (
      await app.call("POST", `/v1/datasets/${name}/items/from-trace`, { key: other, body: { traceId, input: "x" } })
    ).status;
    if ((await app.call("GET", `/v1/datasets/${name}`)).body.itemCount !== 1)
      throw new Error("another project's key copied a trace into the dataset");
    return status;
  },
  "POST /v1/datasets/{name}/items/from-observations": async (app, other) => {
    const name = await probeDataset(app);
    const status = (await app.call("POST", `/v1/datasets/${name}/items/from-observations`, { key: other, body: {} }))
      .status;
    if ((await app.call("GET", `/v1/datasets/${name}`)).body.itemCount !== 1)
      throw new Error("another project's key copied observations into the dataset");
    return status;
  },
  "PUT /v1/datasets/{name}/runner": async (app, other) => {
    const name = await probeDataset(app);
    const status = (
      await app.call("PUT", `/v1/datasets/${name}/runner`, { key: other, body: { url: "https://runner.example.com" } })
    ).status;
    if ((await app.call("GET", `/v1/datasets/${name}`)).body.runner !== null)
      throw new Error("another project's key registered a runner");
    return status;
  },
  "POST /v1/datasets/{name}/remote-runs": async (app, other) =>
    (
      await app.call("POST", `/v1/datasets/${await probeDataset(app)}/remote-runs`, {
        key: other,
        body: { runName: "r1" },
      })
    ).status,
  "POST /v1/datasets/{name}/runs": async (app, other) =>
    (await app.call("POST", `/v1/datasets/${await probeDataset(app)}/runs`, { key: other, body: { runName: "r1" } }))
      .status,
  "GET /v1/datasets/{name}/runs/{run}": async (app, other) =>
    (await app.call("GET", `/v1/datasets/${await probeDataset(app)}/runs/r0`, { key: other })).status,
  "POST /v1/datasets/{name}/runs/{run}/gate": async (app, other) =>
    (
      await app.call("POST", `/v1/datasets/${await probeDataset(app)}/runs/r0/gate`, {
        key: other,
        body: { thresholds: { s: 0 } },
      })
    ).status,
  "POST /v1/datasets/{name}/experiments": async (app, other) => {
    const name = await probeDataset(app);
    const status = (
      await app.call("POST", `/v1/datasets/${name}/experiments`, {
        key: other,
        body: { runName: "x1", prompt: { name: "probe" }, provider: "mock", model: "m" },
      })
    ).status;
    if ((await app.call("GET", `/v1/datasets/${name}/runs/x1`)).status !== 404)
      throw new Error("another project's key started an experiment");
    return status;
  },
  "POST /v1/datasets/{name}/runs/{run}/cancel": async (app, other) =>
    (await app.call("POST", `/v1/datasets/${await probeDataset(app)}/runs/r0/cancel`, { key: other })).status,
  "POST /v1/datasets/{name}/runs/{run}/evaluate": async (app, other) => {
    // The other project's own evaluator, on this project's run: the run must stay out of reach.
    const evaluator = `probe-${Math.random().toString(36).slice(2)}`;
    const created = await app.call("POST", "/v1/evaluators", {
      key: other,
      body: { name: evaluator, kind: "CODE", expression: "1" },
    });
    if (created.status !== 201) throw new Error("the other project's evaluator was not made");
    return (
      await app.call("POST", `/v1/datasets/${await probeDataset(app)}/runs/r0/evaluate`, {
        key: other,
        body: { evaluators: [evaluator] },
      })
    ).status;
  },
  "GET /v1/datasets/{name}/compare": async (app, other) =>
    (await app.call("GET", `/v1/datasets/${await probeDataset(app)}/compare?runs=r0`, { key: other })).status,
  "POST /v1/dataset-run-items": async (app, other) => {
    const name = await probeDataset(app);
    const status = (
      await app.call("POST", "/v1/dataset-run-items", {
        key: other,
        body: { datasetName: name, runName: "r0", datasetItemId: "i0", traceId: "foreign" },
      })
    ).status;
    if ((await app.call("GET", `/v1/datasets/${name}/runs/r0`)).body.items[0].traceId !== "t0")
      throw new Error("another project's key relinked an item");
    return status;
  },
};
