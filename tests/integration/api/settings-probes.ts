import type { TestApp } from "../../support/local-app";
import type { Key } from "../../support/projects";
import { sessionCall } from "../../support/sessions";
import {
  otherOrganizationAdmin,
  probeAlert,
  probeAutomation,
  probeExportConfig,
  probeSsoProvider,
} from "./resource-probes";

/**
 * The cross-project probes of a project's alerts, export configs and automations, and of the organization's SSO
 * providers: another project's key (for SSO, another organization's ADMIN) must get 404; part of `crossProjectProbes`.
 */
export const settingsProbes: Record<string, (app: TestApp, other: Key) => Promise<number>> = {
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
    const id = await probeSsoProvider(app);
    const stranger = await otherOrganizationAdmin(app);
    const status = (
      await sessionCall(app, stranger.jar, "DELETE", `/v1/sso-providers/${id}`, {
        headers: { "x-csrf-token": stranger.csrf },
      })
    ).status;
    if (!(await app.call("GET", "/v1/sso-providers")).body.data.some((p: { id: string }) => p.id === id))
      throw new Error("another organization deleted the SSO provider");
    return status;
  },
  "POST /v1/sso-providers/{id}/verify": async (app) => {
    const id = await probeSsoProvider(app);
    const stranger = await otherOrganizationAdmin(app);
    return (
      await sessionCall(app, stranger.jar, "POST", `/v1/sso-providers/${id}/verify`, {
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
};
