import type { EventEnvelope } from "../platform/ports";
import { signatureHeaders } from "../platform/signatures";
import type { AutomationRow } from "./manage-automations";

export interface ActionRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** One line a person reads in a Slack channel. */
export function slackText(event: EventEnvelope): string {
  // biome-ignore lint/suspicious/noExplicitAny: each event type has its own payload; the text reads fields by name.
  const d = event.data as Record<string, any>;
  const where = `project ${event.projectId}`;
  switch (event.type) {
    case "score.created":
      return `Score ${d.name} = ${d.stringValue ?? d.value} (${d.source}) on trace ${d.traceId ?? "-"} in ${where}`;
    case "trace.created":
      return `New trace ${d.name ?? d.id} (${d.id}) in ${where}`;
    case "eval.completed":
      return `Evaluator ${d.evaluator} scored trace ${d.target?.traceId}: ${d.score?.stringValue ?? d.score?.value} in ${where}`;
    case "comment.created":
      return `${d.author?.email ?? `API key ${d.author?.id}`} commented on ${String(d.objectType).toLowerCase()} ${d.objectId}: ${String(d.body).slice(0, 200)} in ${where}`;
    case "alert.firing":
    case "alert.resolved":
      return `Alert ${d.alert} ${d.state}: value ${d.value} against threshold ${d.threshold} in ${where}`;
    default:
      return `${event.type}: prompt ${d.name} version ${d.version}${d.label ? ` (label ${d.label})` : ""} in ${where}`;
  }
}

/**
 * What an action sends for an event (docs/automations.md, "Actions"): a webhook gets the envelope signed with
 * its secret; Slack a `{text}`; GitHub a repository dispatch `service-<trigger with dashes>` with the prompt.
 */
export function actionRequest(
  automation: Pick<AutomationRow, "action" | "target">,
  secret: string | null,
  event: EventEnvelope,
  now: Date,
  githubApiUrl: string,
): ActionRequest {
  if (automation.action === "webhook") {
    const body = JSON.stringify(event);
    return {
      url: automation.target,
      headers: { ...(secret ? signatureHeaders(secret, body, now) : {}), "user-agent": "sightline-webhooks" },
      body,
    };
  }
  if (automation.action === "slack")
    return { url: automation.target, headers: {}, body: JSON.stringify({ text: slackText(event) }) };
  const d = event.data;
  return {
    url: `${githubApiUrl.replace(/\/+$/, "")}/repos/${automation.target}/dispatches`,
    headers: {
      authorization: `Bearer ${secret ?? ""}`,
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      "user-agent": "sightline",
    },
    body: JSON.stringify({
      event_type: `service-${event.type.replaceAll(".", "-")}`,
      client_payload: { name: d.name, version: d.version, labels: d.labels, projectId: event.projectId },
    }),
  };
}
