import { createHash } from "node:crypto";
import type { TestApp } from "../../support/local-app";
import { person, uniqueEmail } from "../../support/sessions";

/* This project's resources, made for the auth matrix's probes by another project's key (auth-matrix.test.ts). */

/** An uploaded media file of this project, for the cross-project probes. */
export async function probeMedia(app: TestApp): Promise<string> {
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
export async function probeModel(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/api/public/models", {
    body: { modelName: `probe-${Math.random().toString(36).slice(2)}`, matchPattern: "probe", inputPrice: 1 },
  });
  if (res.status !== 200) throw new Error(`probe model was not made: ${res.status}`);
  return res.body.id;
}

/** A comment of this project on one of its traces, for the cross-project probes. */
export async function probeComment(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/v1/comments", {
    body: { objectType: "TRACE", objectId: await probeTrace(app, {}), body: "probe" },
  });
  if (res.status !== 201) throw new Error(`probe comment was not made: ${res.status}`);
  return res.body.id;
}

/** A review queue of this project with one pending item, for the cross-project probes. */
export async function probeQueue(app: TestApp): Promise<{ name: string; itemId: string }> {
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
export async function probeAutomation(app: TestApp): Promise<string> {
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
export async function probeExportConfig(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/v1/export-configs", {
    body: { name: "probe", bucket: "probe-bucket", tables: ["traces"], frequency: "hourly" },
  });
  if (res.status !== 201) throw new Error(`probe export config was not made: ${res.status}`);
  return res.body.id;
}

/** An alert rule of this project, for the cross-project probes. */
export async function probeAlert(app: TestApp): Promise<string> {
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
export async function probeDataset(app: TestApp): Promise<string> {
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
export async function probeLangfuseItem(app: TestApp): Promise<string> {
  const res = await app.call("POST", "/api/public/dataset-items", {
    body: { datasetName: await probeDataset(app), input: "probe" },
  });
  if (res.status !== 200) throw new Error(`probe item was not made: ${res.status}`);
  return res.body.id;
}

/** An evaluator of this project, for the cross-project probes. */
export async function probeEvaluator(app: TestApp): Promise<string> {
  const name = `probe-${Math.random().toString(36).slice(2)}`;
  const res = await app.call("POST", "/v1/evaluators", {
    body: { name, prompt: "Rate {{output}}", provider: "mock", model: "mock-judge" },
  });
  if (res.status !== 201) throw new Error(`probe evaluator was not saved: ${res.status}`);
  return name;
}

/** Credentials of this project for a provider, for the cross-project probes. */
export async function probeProvider(app: TestApp, provider: string): Promise<void> {
  const res = await app.call("PUT", `/v1/providers/${provider}`, {
    body: { apiKey: "sk-probe", baseUrl: "https://probe.example.com" },
  });
  if (res.status !== 200) throw new Error(`probe credentials were not saved: ${res.status}`);
}

/** A stored trace of this project (fields merged into its body), for the cross-project probes. */
export async function probeTrace(app: TestApp, fields: Record<string, string>): Promise<string> {
  const id = `probe-trace-${Math.random().toString(36).slice(2)}`;
  await app.call("POST", "/v1/ingest", {
    body: { batch: [{ id, type: "trace-create", timestamp: new Date().toISOString(), body: { id, ...fields } }] },
  });
  await app.drainQueues();
  if ((await app.call("GET", `/v1/traces/${id}`)).status !== 200) throw new Error("probe trace was not stored");
  return id;
}

/** A prompt of this project on `production`, for the cross-project probes. */
export async function probePrompt(app: TestApp): Promise<string> {
  const name = `probe-${Math.random().toString(36).slice(2)}`;
  const res = await app.call("POST", "/v1/prompts", {
    body: { name, type: "TEXT", content: "probe", labels: ["production"] },
  });
  if (res.status !== 201) throw new Error(`probe prompt was not saved: ${res.status}`);
  return name;
}

/** An OIDC provider of this project's organization, for the SSO probes. */
export async function probeSsoProvider(app: TestApp): Promise<string> {
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
  return made.body.id;
}

/** A signed-in ADMIN of another organization: the first person to sign up owns the bootstrap organization, the one after has an organization of their own. */
export async function otherOrganizationAdmin(app: TestApp) {
  await person(app, uniqueEmail("maybe-first"));
  return person(app, uniqueEmail("other-org"));
}
