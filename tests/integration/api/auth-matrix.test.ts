import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import * as Mcp from "@core/mcp";
import { roleAtLeast } from "@core/platform/roles";
import { type RouteDef, routeKey, routes } from "@functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exemptRoutes, loadContracts } from "../../../scripts/openapi/load-contracts";
import { errorOf } from "../../support/error-body";
import { startTestApp, type TestApp } from "../../support/local-app";
import { person, sessionCall, uniqueEmail } from "../../support/sessions";

type Key = { publicKey: string; secretKey: string };
const root = fileURLToPath(new URL("../../../", import.meta.url));

/** A concrete path for a route: parameters get a placeholder value. */
const concrete = (r: RouteDef) => r.path.replace(/\{(\w+)\+?\}/g, "probe-$1");

/**
 * For each route that addresses a resource, a request by another project's key for
 * a resource of this project; it must answer 404. A route with a path parameter
 * must have an entry here, so new resource routes cannot skip the check.
 */
const crossProjectProbes: Record<string, (app: TestApp, other: Key) => Promise<number>> = {
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
  "GET /v1/alerts/{id}": async (app, other) =>
    (await app.call("GET", `/v1/alerts/${await probeAlert(app)}`, { key: other })).status,
  "PUT /v1/alerts/{id}": async (app, other) => {
    const id = await probeAlert(app);
    const status = (
      await app.call("PUT", `/v1/alerts/${id}`, {
        key: other,
        body: { name: "taken", metric: "traces", windowMinutes: 1, operator: "<", threshold: 0 },
      })
    ).status;
    if ((await app.call("GET", `/v1/alerts/${id}`)).body.metric !== "costUsd")
      throw new Error("another project's key replaced the alert rule");
    return status;
  },
  "DELETE /v1/alerts/{id}": async (app, other) => {
    const id = await probeAlert(app);
    const status = (await app.call("DELETE", `/v1/alerts/${id}`, { key: other })).status;
    if ((await app.call("GET", `/v1/alerts/${id}`)).status !== 200)
      throw new Error("another project's key deleted the alert rule");
    return status;
  },
  // SSO providers belong to the organization (every project's ADMIN key reaches them), so the probe is another
  // organization's ADMIN: a person who signed up into an organization of their own (docs/auth.md, "SSO").
  "DELETE /v1/sso-providers/{id}": async (app) => {
    const made = await app.call("POST", "/v1/sso-providers", {
      body: {
        type: "oidc",
        domain: `probe-${Math.random().toString(36).slice(2, 8)}.example`,
        issuer: "https://idp.example.com",
        clientId: "c",
        clientSecret: "s",
      },
    });
    if (made.status !== 201) throw new Error(`probe SSO provider was not made: ${made.status}`);
    // The first person to sign up owns the bootstrap organization; the one after has an organization of their own.
    await person(app, uniqueEmail("maybe-first"));
    const stranger = await person(app, uniqueEmail("other-org"));
    const status = (
      await sessionCall(app, stranger.jar, "DELETE", `/v1/sso-providers/${made.body.id}`, {
        headers: { "x-csrf-token": stranger.csrf },
      })
    ).status;
    if (!(await app.call("GET", "/v1/sso-providers")).body.data.some((p: { id: string }) => p.id === made.body.id))
      throw new Error("another organization deleted the SSO provider");
    return status;
  },
  "POST /v1/sso-providers/{id}/verify": async (app) => {
    const made = await app.call("POST", "/v1/sso-providers", {
      body: {
        type: "oidc",
        domain: `probe-${Math.random().toString(36).slice(2, 8)}.example`,
        issuer: "https://idp.example.com",
        clientId: "c",
        clientSecret: "s",
      },
    });
    if (made.status !== 201) throw new Error(`probe SSO provider was not made: ${made.status}`);
    await person(app, uniqueEmail("maybe-first"));
    const stranger = await person(app, uniqueEmail("other-org"));
    return (
      await sessionCall(app, stranger.jar, "POST", `/v1/sso-providers/${made.body.id}/verify`, {
        headers: { "x-csrf-token": stranger.csrf },
      })
    ).status;
  },
  "GET /v1/export-configs/{id}": async (app, other) =>
    (await app.call("GET", `/v1/export-configs/${await probeExportConfig(app)}`, { key: other })).status,
  "PUT /v1/export-configs/{id}": async (app, other) => {
    const id = await probeExportConfig(app);
    const status = (
      await app.call("PUT", `/v1/export-configs/${id}`, {
        key: other,
        body: { name: "taken", bucket: "other-bucket", tables: ["scores"], frequency: "daily" },
      })
    ).status;
    if ((await app.call("GET", `/v1/export-configs/${id}`)).body.bucket !== "probe-bucket")
      throw new Error("another project's key replaced the export config");
    return status;
  },
  "DELETE /v1/export-configs/{id}": async (app, other) => {
    const id = await probeExportConfig(app);
    const status = (await app.call("DELETE", `/v1/export-configs/${id}`, { key: other })).status;
    if ((await app.call("GET", `/v1/export-configs/${id}`)).status !== 200)
      throw new Error("another project's key deleted the export config");
    return status;
  },
  "GET /v1/automations/{id}": async (app, other) =>
    (await app.call("GET", `/v1/automations/${await probeAutomation(app)}`, { key: other })).status,
  "PUT /v1/automations/{id}": async (app, other) => {
    const id = await probeAutomation(app);
    const status = (
      await app.call("PUT", `/v1/automations/${id}`, {
        key: other,
        body: { name: "taken", trigger: "trace.created", action: "webhook", target: "http://127.0.0.1:9/other" },
      })
    ).status;
    if ((await app.call("GET", `/v1/automations/${id}`)).body.trigger !== "prompt.created")
      throw new Error("another project's key replaced the automation");
    return status;
  },
  "DELETE /v1/automations/{id}": async (app, other) => {
    const id = await probeAutomation(app);
    const status = (await app.call("DELETE", `/v1/automations/${id}`, { key: other })).status;
    if ((await app.call("GET", `/v1/automations/${id}`)).status !== 200)
      throw new Error("another project's key deleted the automation");
    return status;
  },
  "POST /v1/automations/{id}/test": async (app, other) => {
    const id = await probeAutomation(app);
    const status = (await app.call("POST", `/v1/automations/${id}/test`, { key: other })).status;
    if ((await app.call("GET", `/v1/automations/${id}/deliveries`)).body.data.length !== 0)
      throw new Error("another project's key test-sent the automation");
    return status;
  },
  "GET /v1/automations/{id}/deliveries": async (app, other) =>
    (await app.call("GET", `/v1/automations/${await probeAutomation(app)}/deliveries`, { key: other })).status,
  "POST /v1/automations/{id}/deliveries/{deliveryId}/retry": async (app, other) => {
    const id = await probeAutomation(app);
    const delivery = (await app.call("POST", `/v1/automations/${id}/test`)).body;
    const status = (await app.call("POST", `/v1/automations/${id}/deliveries/${delivery.id}/retry`, { key: other }))
      .status;
    if ((await app.call("GET", `/v1/automations/${id}/deliveries`)).body.data[0].attemptLog.length !== 1)
      throw new Error("another project's key retried the delivery");
    return status;
  },
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

/** An uploaded media file of this project, for the cross-project probes. */
async function probeMedia(app: TestApp): Promise<string> {
  const bytes = Buffer.from(`probe-${Math.random()}`);
  const sha256Hash = createHash("sha256").update(bytes).digest("base64");
  const { body } = await app.call("POST", "/api/public/media", {
    body: {
      traceId: "probe-media-trace",
      contentType: "text/plain",
      contentLength: bytes.length,
      sha256Hash,
      field: "input",
    },
  });
  await fetch(body.uploadUrl, { method: "PUT", body: bytes, headers: { "content-type": "text/plain" } });
  await app.call("PATCH", `/api/public/media/${body.mediaId}`, {
    body: { uploadedAt: new Date().toISOString(), uploadHttpStatus: 200 },
  });
  return body.mediaId;
}

/** A custom model price of this project, for the cross-project probes. */
async function probeModel(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/api/public/models", {
    body: { modelName: `probe-${Math.random().toString(36).slice(2)}`, matchPattern: "probe", inputPrice: 1 },
  });
  if (res.status !== 200) throw new Error(`probe model was not made: ${res.status}`);
  return res.body.id;
}

/** A comment of this project on one of its traces, for the cross-project probes. */
async function probeComment(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/v1/comments", {
    body: { objectType: "TRACE", objectId: await probeTrace(app, {}), body: "probe" },
  });
  if (res.status !== 201) throw new Error(`probe comment was not made: ${res.status}`);
  return res.body.id;
}

/** A review queue of this project with one pending item, for the cross-project probes. */
async function probeQueue(app: TestApp): Promise<{ name: string; itemId: string }> {
  const name = `probe-${Math.random().toString(36).slice(2)}`;
  const created = await app.call("POST", "/v1/review-queues", {
    body: { name, scoreName: "probe", dataType: "BOOLEAN" },
  });
  const traceId = await probeTrace(app, {});
  const added = await app.call("POST", `/v1/review-queues/${name}/items`, { body: { traceIds: [traceId] } });
  if (created.status !== 201 || added.body.added !== 1) throw new Error("probe queue was not made");
  return { name, itemId: added.body.items[0].id };
}

/** An automation of this project aimed at a closed local port, for the cross-project probes. */
async function probeAutomation(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/v1/automations", {
    body: {
      name: `probe-${Math.random().toString(36).slice(2)}`,
      trigger: "prompt.created",
      action: "webhook",
      target: "http://127.0.0.1:9/probe",
    },
  });
  if (res.status !== 201) throw new Error(`probe automation was not made: ${res.status}`);
  return res.body.id;
}

/** A scheduled export of this project, for the cross-project probes. */
async function probeExportConfig(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/v1/export-configs", {
    body: { name: "probe", bucket: "probe-bucket", tables: ["traces"], frequency: "hourly" },
  });
  if (res.status !== 201) throw new Error(`probe export config was not made: ${res.status}`);
  return res.body.id;
}

/** An alert rule of this project, for the cross-project probes. */
async function probeAlert(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/v1/alerts", {
    body: {
      name: `probe-${Math.random().toString(36).slice(2)}`,
      metric: "costUsd",
      windowMinutes: 60,
      operator: ">",
      threshold: 1,
    },
  });
  if (res.status !== 201) throw new Error(`probe alert rule was not made: ${res.status}`);
  return res.body.id;
}

/** A dataset of this project with item `i0` linked to trace `t0` in run `r0`, for the cross-project probes. */
async function probeDataset(app: TestApp): Promise<string> {
  const name = `probe-${Math.random().toString(36).slice(2)}`;
  const created = await app.call("POST", "/v1/datasets", { body: { name } });
  const added = await app.call("POST", `/v1/datasets/${name}/items`, {
    body: { items: [{ id: "i0", input: "probe" }] },
  });
  const run = await app.call("POST", `/v1/datasets/${name}/runs`, {
    body: { runName: "r0", items: [{ datasetItemId: "i0", traceId: "t0" }] },
  });
  if (created.status !== 201 || added.body.added !== 1 || run.status !== 201)
    throw new Error("probe dataset was not made");
  return name;
}

/** A dataset item of this project made through Langfuse's route (its id is the service's), for the cross-project probes. */
async function probeLangfuseItem(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/api/public/dataset-items", {
    body: { datasetName: await probeDataset(app), input: "probe" },
  });
  if (res.status !== 200) throw new Error(`probe item was not made: ${res.status}`);
  return res.body.id;
}

/** An evaluator of this project, for the cross-project probes. */
async function probeEvaluator(app: TestApp): Promise<string> {
  const name = `probe-${Math.random().toString(36).slice(2)}`;
  const res = await app.call("POST", "/v1/evaluators", {
    body: { name, prompt: "Rate {{output}}", provider: "mock", model: "mock-judge" },
  });
  if (res.status !== 201) throw new Error(`probe evaluator was not saved: ${res.status}`);
  return name;
}

/** Credentials of this project for a provider, for the cross-project probes. */
async function probeProvider(app: TestApp, provider: string): Promise<void> {
  const res = await app.call("PUT", `/v1/providers/${provider}`, {
    body: { apiKey: "sk-probe", baseUrl: "https://probe.example.com" },
  });
  if (res.status !== 200) throw new Error(`probe credentials were not saved: ${res.status}`);
}

/** A stored trace of this project (fields merged into its body), for the cross-project probes. */
async function probeTrace(app: TestApp, fields: Record<string, string>): Promise<string> {
  const id = `probe-trace-${Math.random().toString(36).slice(2)}`;
  await app.call("POST", "/v1/ingest", {
    body: { batch: [{ id, type: "trace-create", timestamp: new Date().toISOString(), body: { id, ...fields } }] },
  });
  await app.drainQueues();
  if ((await app.call("GET", `/v1/traces/${id}`)).status !== 200) throw new Error("probe trace was not stored");
  return id;
}

/** A prompt of this project on `production`, for the cross-project probes. */
async function probePrompt(app: TestApp): Promise<string> {
  const name = `probe-${Math.random().toString(36).slice(2)}`;
  const res = await app.call("POST", "/v1/prompts", {
    body: { name, type: "TEXT", content: "probe", labels: ["production"] },
  });
  if (res.status !== 201) throw new Error(`probe prompt was not saved: ${res.status}`);
  return name;
}

/**
 * The only routes without credentials (`public` in their contract): a share link's token is the credential
 * (docs/auth.md, "Share links"). A new public route must be added here, with its own block below.
 */
const PUBLIC_ROUTES = new Set<string>(["GET /v1/shared/{token}", "GET /api/public/health"]);

/**
 * POST routes that change nothing (compile, dry runs): VIEWER keys may call them. The MCP endpoint lets a VIEWER
 * in because each tool checks its own least role (the "MCP tools" block below); DELETE /v1/mcp only answers 405.
 */
const READ_ONLY_NON_GET = new Set<string>([
  "POST /v1/prompts/{name}/compile",
  "POST /v1/evaluators/test-expression",
  "POST /v1/datasets/{name}/runs/{run}/gate",
  "POST /v1/mcp",
  "DELETE /v1/mcp",
]);

/** One JSON-RPC `tools/call` to /v1/mcp by `key`: the tool's result (a stateless server needs no session). */
async function callTool(
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
const toolProbes: Record<string, (app: TestApp, other: Key) => Promise<unknown>> = {
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

describe("auth matrix over every route of the route table", () => {
  let app: TestApp;
  let viewer: Key;
  let revoked: Key;
  let otherProject: Key;
  let contracts: Awaited<ReturnType<typeof loadContracts>>;
  let exempt: Map<string, string>;

  beforeAll(async () => {
    app = await startTestApp();
    contracts = await loadContracts(root);
    exempt = await exemptRoutes(root);
    viewer = (await app.call("POST", "/v1/api-keys", { body: { role: "VIEWER" } })).body;
    revoked = (await app.call("POST", "/v1/api-keys", { body: { role: "ADMIN" } })).body;
    await app.call("DELETE", "/v1/api-keys", { body: { id: (revoked as any).id } });
    otherProject = (await app.call("POST", "/v1/projects", { body: { name: "other" } })).body;
  });
  afterAll(() => app?.close());

  // better-auth's own endpoints (`/v1/auth/{proxy+}`) are not http() endpoints: sign-up and sign-in are public
  // by design and the rest check the session themselves. Their module states why; these probes pin it down.
  for (const route of routes.filter((r) => r.path.startsWith("/v1/auth/"))) {
    it(`${routeKey(route)} is exempt with a stated reason, and refuses session-only actions without a session`, async () => {
      const probe =
        route.method === "GET"
          ? await app.call("GET", "/v1/auth/list-sessions", { key: null })
          : await app.call("POST", "/v1/auth/revoke-sessions", { key: null, body: {} });

      expect(exempt.get(routeKey(route))).toMatch(/better-auth/);
      expect(probe.status).toBe(401);
      expect(probe.body.error.code).toBe("unauthorized");
    });
  }

  // OAuth discovery metadata (`/.well-known/*`) is public by design (docs/mcp.md, "OAuth"): an MCP client reads it before it has a token.
  for (const route of routes.filter((r) => r.path.startsWith("/.well-known/"))) {
    it(`${routeKey(route)} is exempt with a stated reason and answers without credentials`, async () => {
      const res = await app.call(
        "GET",
        route.path
          .replace("/{proxy+}", "/v1/mcp")
          .replace("oauth-authorization-server/v1/mcp", "oauth-authorization-server/v1/auth"),
        { key: null },
      );

      expect(exempt.get(routeKey(route))).toMatch(/OAuth discovery/);
      expect([200, 404]).toContain(res.status);
    });
  }

  it("declares public exactly the routes listed in PUBLIC_ROUTES, each with a stated reason", () => {
    const declared = contracts.filter((c) => c.contract.public).map((c) => `${c.method} ${c.path}`);

    expect(new Set(declared)).toEqual(PUBLIC_ROUTES);
    for (const c of contracts.filter((c) => c.contract.public))
      expect(c.contract.public).toMatch(
        c.path === "/api/public/health" ? /Langfuse answers without credentials/ : /share link/i,
      );
  });

  it("GET /v1/shared/{token} answers without credentials (a live link 200, an unknown one 404, never 401), whatever credentials come along", async () => {
    const id = await probeTrace(app, {});
    const link = (await app.call("POST", `/v1/traces/${id}/share-links`, { body: {} })).body;

    const live = await app.call("GET", `/v1/shared/${link.token}`, { key: null });
    const unknown = await app.call("GET", "/v1/shared/probe-token", { key: null });
    const wrong = await app.call("GET", `/v1/shared/${link.token}`, {
      key: { ...app.admin, secretKey: "sk-sl-wrong" },
    });
    const gone = await app.call("GET", `/v1/shared/${link.token}`, { key: revoked });

    expect(live.status).toBe(200);
    expect(live.body.id).toBe(id);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "Share link not found" } },
    });
    expect([wrong.status, gone.status]).toEqual([200, 200]);
  });

  for (const route of routes.filter((r) => !r.path.startsWith("/v1/auth/") && !r.path.startsWith("/.well-known/"))) {
    describe(routeKey(route), () => {
      it.skipIf(PUBLIC_ROUTES.has(routeKey(route)))(
        "answers 401 without credentials, with a wrong secret and with a revoked key",
        async () => {
          const path = concrete(route);

          const none = await app.call(route.method, path, { key: null, body: {} });
          const wrong = await app.call(route.method, path, {
            key: { ...app.admin, secretKey: "sk-sl-wrong" },
            body: {},
          });
          const gone = await app.call(route.method, path, { key: revoked, body: {} });

          for (const res of [none, wrong, gone]) {
            expect(res.status).toBe(401);
            expect(errorOf(res.body)?.code).toBe("unauthorized");
          }
        },
      );

      it("applies the endpoint's least role to a VIEWER key", async () => {
        const contract = contracts.find((c) => c.method === route.method && c.path === route.path)!.contract;

        const res = await app.call(route.method, concrete(route), { key: viewer, body: {} });

        if (roleAtLeast("VIEWER", contract.role)) expect([401, 403]).not.toContain(res.status);
        else expect({ status: res.status, code: errorOf(res.body)?.code }).toEqual({ status: 403, code: "forbidden" });
      });

      const probe = crossProjectProbes[routeKey(route)];
      if (route.path.includes("{") || probe) {
        it("answers 404 to another project's key", async () => {
          expect(probe, `add a cross-project probe for ${routeKey(route)}`).toBeDefined();

          expect(await probe!(app, otherProject)).toBe(404);
        });
      }
    });
  }

  describe("MCP tools", () => {
    for (const tool of Mcp.TOOLS) {
      it(`${tool.name}: applies the tool's least role (${tool.role}) to a VIEWER key`, async () => {
        const answer = await callTool(app, viewer, tool.name, {});

        if (roleAtLeast("VIEWER", tool.role)) expect(answer.structuredContent?.error?.code).not.toBe("forbidden");
        else
          expect(answer).toMatchObject({
            isError: true,
            structuredContent: {
              error: { code: "forbidden", message: `This tool needs the ${tool.role} role; the caller has VIEWER` },
            },
          });
      });

      it(`${tool.name}: keeps this project's resources from another project's key`, async () => {
        expect(toolProbes[tool.name], `add an MCP tool probe for ${tool.name}`).toBeDefined();

        expect(await toolProbes[tool.name]!(app, otherProject)).toBe("not_found");
      });
    }
  });

  it("requires the write role for every non-GET route except declared read-only ones", () => {
    const writes = contracts.filter((c) => c.method !== "GET" && !READ_ONLY_NON_GET.has(`${c.method} ${c.path}`));

    expect(writes.filter((c) => c.contract.role === "VIEWER").map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});
