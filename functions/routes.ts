/**
 * The one route table: plain data read by the AWS stack (one Lambda per route)
 * and by the local runtime (one HTTP server). A handler string is
 * `<file without extension>.<export>`, relative to the repository root.
 */
export interface RouteDef {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** API Gateway path syntax: `{name}` for one segment, `{name+}` for the rest. */
  path: string;
  handler: string;
  /** Lambda timeout in seconds, when its class's (functions/function-settings.ts) does not fit. */
  timeoutSeconds?: number;
  /** Lambda memory in MB, when its class's does not fit. */
  memoryMb?: number;
  /**
   * The answer streams (server-sent events): on AWS the route gets a function URL in RESPONSE_STREAM mode
   * instead of an API Gateway route, which would buffer it (docs/playground.md).
   */
  stream?: true;
}

export const routes: readonly RouteDef[] = [
  { method: "GET", path: "/v1/openapi.json", handler: "functions/api/openapi/get-document.handler" },

  // sign-in (better-auth answers every path under /v1/auth) and the caller's own view
  { method: "GET", path: "/v1/auth/{proxy+}", handler: "functions/api/auth/proxy.handler" },
  { method: "POST", path: "/v1/auth/{proxy+}", handler: "functions/api/auth/proxy.handler" },
  { method: "GET", path: "/v1/me", handler: "functions/api/me/get-me.handler" },
  // OAuth discovery for MCP clients (public metadata; docs/mcp.md, "OAuth")
  { method: "GET", path: "/.well-known/oauth-authorization-server", handler: "functions/api/oauth/well-known.handler" },
  {
    method: "GET",
    path: "/.well-known/oauth-authorization-server/{proxy+}",
    handler: "functions/api/oauth/well-known.handler",
  },
  { method: "GET", path: "/.well-known/oauth-protected-resource", handler: "functions/api/oauth/well-known.handler" },
  {
    method: "GET",
    path: "/.well-known/oauth-protected-resource/{proxy+}",
    handler: "functions/api/oauth/well-known.handler",
  },
  { method: "GET", path: "/v1/oauth-consent", handler: "functions/api/oauth/get-consent.handler" },

  { method: "POST", path: "/v1/api-keys", handler: "functions/api/api-keys/create-key.handler" },
  { method: "GET", path: "/v1/api-keys", handler: "functions/api/api-keys/list-keys.handler" },
  { method: "PATCH", path: "/v1/api-keys", handler: "functions/api/api-keys/update-key.handler" },
  { method: "DELETE", path: "/v1/api-keys", handler: "functions/api/api-keys/revoke-key.handler" },

  { method: "POST", path: "/v1/projects", handler: "functions/api/projects/create-project.handler" },
  { method: "GET", path: "/v1/projects", handler: "functions/api/projects/list-projects.handler" },

  { method: "GET", path: "/v1/memberships", handler: "functions/api/memberships/list-memberships.handler" },
  { method: "PUT", path: "/v1/memberships", handler: "functions/api/memberships/put-membership.handler" },
  { method: "DELETE", path: "/v1/memberships", handler: "functions/api/memberships/delete-membership.handler" },

  // SSO identity providers of the caller's organization (docs/auth.md, "SSO")
  { method: "POST", path: "/v1/sso-providers", handler: "functions/api/sso-providers/create-provider.handler" },
  { method: "GET", path: "/v1/sso-providers", handler: "functions/api/sso-providers/list-providers.handler" },
  { method: "DELETE", path: "/v1/sso-providers/{id}", handler: "functions/api/sso-providers/delete-provider.handler" },
  {
    method: "POST",
    path: "/v1/sso-providers/{id}/verify",
    handler: "functions/api/sso-providers/verify-provider.handler",
  },

  { method: "GET", path: "/v1/audit-log", handler: "functions/api/audit-log/list-entries.handler" },

  // automations and the event sink
  { method: "POST", path: "/v1/automations", handler: "functions/api/automations/create-automation.handler" },
  { method: "GET", path: "/v1/automations", handler: "functions/api/automations/list-automations.handler" },
  { method: "GET", path: "/v1/automations/{id}", handler: "functions/api/automations/get-automation.handler" },
  { method: "PUT", path: "/v1/automations/{id}", handler: "functions/api/automations/update-automation.handler" },
  { method: "DELETE", path: "/v1/automations/{id}", handler: "functions/api/automations/delete-automation.handler" },
  {
    method: "POST",
    path: "/v1/automations/{id}/test",
    handler: "functions/api/automations/test-automation.handler",
    timeoutSeconds: 30,
  },
  {
    method: "GET",
    path: "/v1/automations/{id}/deliveries",
    handler: "functions/api/automations/list-deliveries.handler",
  },
  {
    method: "POST",
    path: "/v1/automations/{id}/deliveries/{deliveryId}/retry",
    handler: "functions/api/automations/retry-delivery.handler",
    timeoutSeconds: 30,
  },
  { method: "GET", path: "/v1/event-sink", handler: "functions/api/event-sink/get-event-sink.handler" },
  { method: "PUT", path: "/v1/event-sink", handler: "functions/api/event-sink/put-event-sink.handler" },
  { method: "DELETE", path: "/v1/event-sink", handler: "functions/api/event-sink/delete-event-sink.handler" },

  // prompts
  { method: "POST", path: "/v1/prompts", handler: "functions/api/prompts/save-prompt.handler" },
  { method: "GET", path: "/v1/prompts", handler: "functions/api/prompts/list-prompts.handler" },
  { method: "GET", path: "/v1/prompts/{name}", handler: "functions/api/prompts/get-prompt.handler" },
  { method: "PATCH", path: "/v1/prompts/{name}", handler: "functions/api/prompts/rename-prompt.handler" },
  { method: "DELETE", path: "/v1/prompts/{name}", handler: "functions/api/prompts/delete-prompt.handler" },
  { method: "POST", path: "/v1/prompts/{name}/labels", handler: "functions/api/prompts/set-label.handler" },
  { method: "POST", path: "/v1/prompts/{name}/compile", handler: "functions/api/prompts/compile-prompt.handler" },

  // the model playground (docs/playground.md): a streamed answer, up to five minutes of it
  {
    method: "POST",
    path: "/v1/playground/completions",
    handler: "functions/api/playground/create-completion.handler",
    timeoutSeconds: 300,
    stream: true,
  },

  // exports (docs/export.md): the lists' rows streamed as JSONL or CSV, and scheduled exports to S3
  {
    method: "GET",
    path: "/v1/exports",
    handler: "functions/api/exports/export-rows.handler",
    timeoutSeconds: 900,
    stream: true,
  },
  { method: "GET", path: "/v1/export-configs", handler: "functions/api/export-configs/list-configs.handler" },
  { method: "POST", path: "/v1/export-configs", handler: "functions/api/export-configs/create-config.handler" },
  { method: "GET", path: "/v1/export-configs/{id}", handler: "functions/api/export-configs/get-config.handler" },
  { method: "PUT", path: "/v1/export-configs/{id}", handler: "functions/api/export-configs/update-config.handler" },
  { method: "DELETE", path: "/v1/export-configs/{id}", handler: "functions/api/export-configs/delete-config.handler" },

  // evaluators
  { method: "POST", path: "/v1/evaluators", handler: "functions/api/evaluators/create-evaluator.handler" },
  { method: "GET", path: "/v1/evaluators", handler: "functions/api/evaluators/list-evaluators.handler" },
  { method: "GET", path: "/v1/evaluators/presets", handler: "functions/api/evaluators/list-presets.handler" },
  { method: "GET", path: "/v1/evaluators/templates", handler: "functions/api/evaluators/list-templates.handler" },
  { method: "POST", path: "/v1/evaluators/from-template", handler: "functions/api/evaluators/from-template.handler" },
  {
    method: "POST",
    path: "/v1/evaluators/test-expression",
    handler: "functions/api/evaluators/test-expression.handler",
  },
  { method: "GET", path: "/v1/evaluators/backfills", handler: "functions/api/evaluators/list-backfills.handler" },
  {
    method: "GET",
    path: "/v1/evaluators/backfills/preview",
    handler: "functions/api/evaluators/preview-backfill.handler",
  },
  { method: "GET", path: "/v1/evaluators/{name}", handler: "functions/api/evaluators/get-evaluator.handler" },
  { method: "PUT", path: "/v1/evaluators/{name}", handler: "functions/api/evaluators/update-evaluator.handler" },
  { method: "POST", path: "/v1/evaluators/{name}/run", handler: "functions/api/evaluators/run-evaluator.handler" },
  {
    method: "POST",
    path: "/v1/evaluators/{name}/backfill",
    handler: "functions/api/evaluators/start-backfill.handler",
  },
  {
    method: "GET",
    path: "/v1/evaluators/{name}/executions",
    handler: "functions/api/evaluators/list-executions.handler",
  },
  { method: "POST", path: "/v1/review-queues", handler: "functions/api/review-queues/create-queue.handler" },
  { method: "GET", path: "/v1/review-queues", handler: "functions/api/review-queues/list-queues.handler" },
  { method: "GET", path: "/v1/review-queues/{queue}", handler: "functions/api/review-queues/get-queue.handler" },
  { method: "POST", path: "/v1/review-queues/{queue}/items", handler: "functions/api/review-queues/add-items.handler" },
  { method: "GET", path: "/v1/review-queues/{queue}/items", handler: "functions/api/review-queues/list-items.handler" },
  {
    method: "POST",
    path: "/v1/review-queues/{queue}/items/{itemId}/score",
    handler: "functions/api/review-queues/submit-review.handler",
  },
  { method: "POST", path: "/v1/guardrails/check", handler: "functions/api/evaluators/check-guardrails.handler" },
  { method: "GET", path: "/v1/providers", handler: "functions/api/providers/list-providers.handler" },
  { method: "GET", path: "/v1/providers/{provider}", handler: "functions/api/providers/get-provider.handler" },
  { method: "PUT", path: "/v1/providers/{provider}", handler: "functions/api/providers/put-provider.handler" },
  { method: "DELETE", path: "/v1/providers/{provider}", handler: "functions/api/providers/delete-provider.handler" },

  // datasets and experiments
  { method: "POST", path: "/v1/datasets", handler: "functions/api/datasets/create-dataset.handler" },
  { method: "GET", path: "/v1/datasets", handler: "functions/api/datasets/list-datasets.handler" },
  { method: "GET", path: "/v1/datasets/{name}", handler: "functions/api/datasets/get-dataset.handler" },
  { method: "PUT", path: "/v1/datasets/{name}/schema", handler: "functions/api/datasets/put-schema.handler" },
  { method: "GET", path: "/v1/datasets/{name}/schema/check", handler: "functions/api/datasets/check-schema.handler" },
  { method: "POST", path: "/v1/datasets/{name}/items", handler: "functions/api/datasets/insert-items.handler" },
  { method: "POST", path: "/v1/datasets/{name}/items/csv", handler: "functions/api/datasets/import-csv.handler" },
  {
    method: "POST",
    path: "/v1/datasets/{name}/items/from-trace",
    handler: "functions/api/datasets/add-from-trace.handler",
  },
  {
    method: "POST",
    path: "/v1/datasets/{name}/items/from-observations",
    handler: "functions/api/datasets/add-from-observations.handler",
  },
  { method: "PUT", path: "/v1/datasets/{name}/runner", handler: "functions/api/datasets/put-runner.handler" },
  {
    method: "POST",
    path: "/v1/datasets/{name}/remote-runs",
    handler: "functions/api/datasets/request-remote-run.handler",
  },
  { method: "POST", path: "/v1/datasets/{name}/runs", handler: "functions/api/datasets/record-run.handler" },
  { method: "GET", path: "/v1/datasets/{name}/runs/{run}", handler: "functions/api/datasets/get-run.handler" },
  {
    method: "POST",
    path: "/v1/datasets/{name}/runs/{run}/evaluate",
    handler: "functions/api/datasets/evaluate-run.handler",
  },
  { method: "POST", path: "/v1/datasets/{name}/runs/{run}/gate", handler: "functions/api/datasets/gate-run.handler" },
  {
    method: "POST",
    path: "/v1/datasets/{name}/experiments",
    handler: "functions/api/datasets/start-experiment.handler",
  },
  {
    method: "POST",
    path: "/v1/datasets/{name}/runs/{run}/cancel",
    handler: "functions/api/datasets/cancel-run.handler",
  },
  { method: "GET", path: "/v1/datasets/{name}/compare", handler: "functions/api/datasets/compare-runs.handler" },
  { method: "POST", path: "/v1/dataset-run-items", handler: "functions/api/datasets/record-run-item.handler" },

  // Langfuse public API: datasets, dataset items, dataset runs, dataset run items, prompt writes (docs/langfuse.md)
  {
    method: "POST",
    path: "/api/public/v2/datasets",
    handler: "functions/api/langfuse-datasets/create-dataset.handler",
  },
  {
    method: "POST",
    path: "/api/public/datasets",
    handler: "functions/api/langfuse-datasets/create-dataset-v1.handler",
  },
  { method: "GET", path: "/api/public/v2/datasets", handler: "functions/api/langfuse-datasets/list-datasets.handler" },
  { method: "GET", path: "/api/public/datasets", handler: "functions/api/langfuse-datasets/list-datasets-v1.handler" },
  {
    method: "GET",
    path: "/api/public/datasets/{datasetName}",
    handler: "functions/api/langfuse-datasets/get-dataset-v1.handler",
  },
  {
    method: "GET",
    path: "/api/public/v2/datasets/{datasetName}",
    handler: "functions/api/langfuse-datasets/get-dataset.handler",
  },
  { method: "POST", path: "/api/public/dataset-items", handler: "functions/api/langfuse-datasets/create-item.handler" },
  { method: "GET", path: "/api/public/dataset-items", handler: "functions/api/langfuse-datasets/list-items.handler" },
  {
    method: "GET",
    path: "/api/public/dataset-items/{id}",
    handler: "functions/api/langfuse-datasets/get-item.handler",
  },
  {
    method: "DELETE",
    path: "/api/public/dataset-items/{id}",
    handler: "functions/api/langfuse-datasets/delete-item.handler",
  },
  {
    method: "GET",
    path: "/api/public/datasets/{datasetName}/runs",
    handler: "functions/api/langfuse-datasets/list-runs.handler",
  },
  {
    method: "GET",
    path: "/api/public/datasets/{datasetName}/runs/{runName}",
    handler: "functions/api/langfuse-datasets/get-run.handler",
  },
  {
    method: "DELETE",
    path: "/api/public/datasets/{datasetName}/runs/{runName}",
    handler: "functions/api/langfuse-datasets/delete-run.handler",
  },
  {
    method: "POST",
    path: "/api/public/dataset-run-items",
    handler: "functions/api/langfuse-datasets/create-run-item.handler",
  },
  {
    method: "GET",
    path: "/api/public/dataset-run-items",
    handler: "functions/api/langfuse-datasets/list-run-items.handler",
  },
  { method: "POST", path: "/api/public/v2/prompts", handler: "functions/api/langfuse-prompts/create-prompt.handler" },
  { method: "GET", path: "/api/public/v2/prompts", handler: "functions/api/langfuse-prompts/list-prompts.handler" },
  {
    method: "PATCH",
    path: "/api/public/v2/prompts/{name}/versions/{version}",
    handler: "functions/api/langfuse-prompts/update-labels.handler",
  },
  { method: "GET", path: "/api/public/v2/prompts/{name}", handler: "functions/api/public-prompts/get-prompt.handler" },
  {
    method: "DELETE",
    path: "/api/public/v2/prompts/{name}",
    handler: "functions/api/langfuse-prompts/delete-prompt.handler",
  },

  // alerts
  { method: "POST", path: "/v1/alerts", handler: "functions/api/alerts/create-alert.handler" },
  { method: "GET", path: "/v1/alerts", handler: "functions/api/alerts/list-alerts.handler" },
  { method: "GET", path: "/v1/alerts/{id}", handler: "functions/api/alerts/get-alert.handler" },
  { method: "PUT", path: "/v1/alerts/{id}", handler: "functions/api/alerts/update-alert.handler" },
  { method: "DELETE", path: "/v1/alerts/{id}", handler: "functions/api/alerts/delete-alert.handler" },

  // ingest
  { method: "POST", path: "/v1/ingest", handler: "functions/api/ingest/ingest-batch.handler" },
  { method: "POST", path: "/api/public/ingestion", handler: "functions/api/ingest/ingest-batch.handler" },
  { method: "POST", path: "/v1/otel/v1/traces", handler: "functions/api/ingest/otel-traces.handler" },
  { method: "POST", path: "/api/public/otel/v1/traces", handler: "functions/api/ingest/otel-traces.handler" },
  { method: "POST", path: "/v1/otel/v1/logs", handler: "functions/api/ingest/otel-logs.handler" },
  { method: "GET", path: "/v1/ingest/health", handler: "functions/api/ingest/get-health.handler" },
  { method: "GET", path: "/v1/ingest/dead-letters", handler: "functions/api/ingest/list-dead-letters.handler" },
  {
    method: "POST",
    path: "/v1/ingest/dead-letters/replay",
    handler: "functions/api/ingest/replay-dead-letters.handler",
  },
  { method: "GET", path: "/v1/ingest/sampling", handler: "functions/api/ingest/get-sampling.handler" },
  { method: "PUT", path: "/v1/ingest/sampling", handler: "functions/api/ingest/put-sampling.handler" },
  { method: "GET", path: "/v1/pii-policy", handler: "functions/api/ingest/get-pii-policy.handler" },
  { method: "PUT", path: "/v1/pii-policy", handler: "functions/api/ingest/put-pii-policy.handler" },
  { method: "GET", path: "/v1/usage/sdks", handler: "functions/api/usage/list-sdks.handler" },
  { method: "GET", path: "/v1/model-prices", handler: "functions/api/model-prices/list-prices.handler" },
  { method: "POST", path: "/v1/model-prices", handler: "functions/api/model-prices/create-price.handler" },
  { method: "GET", path: "/v1/traces/{id}", handler: "functions/api/traces/get-trace.handler" },
  // telemetry reads
  { method: "GET", path: "/v1/traces", handler: "functions/api/traces/list-traces.handler" },
  { method: "DELETE", path: "/v1/traces/{id}", handler: "functions/api/traces/delete-trace.handler" },
  // share links of a trace, and the public read behind one (docs/sharing.md)
  { method: "POST", path: "/v1/traces/{id}/share-links", handler: "functions/api/share-links/create-link.handler" },
  { method: "GET", path: "/v1/traces/{id}/share-links", handler: "functions/api/share-links/list-links.handler" },
  {
    method: "DELETE",
    path: "/v1/traces/{id}/share-links/{linkId}",
    handler: "functions/api/share-links/revoke-link.handler",
  },
  { method: "GET", path: "/v1/shared/{token}", handler: "functions/api/shared/get-shared-trace.handler" },
  // comments on traces, observations, sessions and prompt versions (docs/comments.md)
  { method: "POST", path: "/v1/comments", handler: "functions/api/comments/create-comment.handler" },
  { method: "GET", path: "/v1/comments", handler: "functions/api/comments/list-comments.handler" },
  { method: "GET", path: "/v1/comments/{id}", handler: "functions/api/comments/get-comment.handler" },
  { method: "PATCH", path: "/v1/comments/{id}", handler: "functions/api/comments/update-comment.handler" },
  { method: "DELETE", path: "/v1/comments/{id}", handler: "functions/api/comments/delete-comment.handler" },
  { method: "GET", path: "/v1/sessions", handler: "functions/api/sessions/list-sessions.handler" },
  { method: "GET", path: "/v1/sessions/{id}", handler: "functions/api/sessions/get-session.handler" },
  { method: "GET", path: "/v1/observations", handler: "functions/api/observations/list-observations.handler" },
  // Langfuse public API: health, projects, traces, observations, sessions (docs/langfuse.md)
  { method: "GET", path: "/api/public/health", handler: "functions/api/langfuse/health/get-health.handler" },
  { method: "GET", path: "/api/public/projects", handler: "functions/api/langfuse/projects/get-projects.handler" },
  { method: "GET", path: "/api/public/traces", handler: "functions/api/langfuse/traces/list-traces.handler" },
  { method: "DELETE", path: "/api/public/traces", handler: "functions/api/langfuse/traces/delete-traces.handler" },
  { method: "GET", path: "/api/public/traces/{traceId}", handler: "functions/api/langfuse/traces/get-trace.handler" },
  {
    method: "DELETE",
    path: "/api/public/traces/{traceId}",
    handler: "functions/api/langfuse/traces/delete-trace.handler",
  },
  {
    method: "GET",
    path: "/api/public/observations",
    handler: "functions/api/langfuse/observations/list-observations.handler",
  },
  {
    method: "GET",
    path: "/api/public/observations/{observationId}",
    handler: "functions/api/langfuse/observations/get-observation.handler",
  },
  {
    method: "GET",
    path: "/api/public/v2/observations",
    handler: "functions/api/langfuse/observations/list-observations-v2.handler",
  },
  { method: "GET", path: "/api/public/sessions", handler: "functions/api/langfuse/sessions/list-sessions.handler" },
  {
    method: "GET",
    path: "/api/public/sessions/{sessionId}",
    handler: "functions/api/langfuse/sessions/get-session.handler",
  },
  { method: "GET", path: "/v1/scores", handler: "functions/api/scores/list-scores.handler" },
  { method: "GET", path: "/v1/scores/analytics", handler: "functions/api/scores/get-analytics.handler" },
  { method: "POST", path: "/v1/scores", handler: "functions/api/scores/create-score.handler" },
  { method: "DELETE", path: "/v1/scores/{id}", handler: "functions/api/scores/delete-score.handler" },
  { method: "POST", path: "/v1/score-configs", handler: "functions/api/score-configs/create-score-config.handler" },
  { method: "GET", path: "/v1/score-configs", handler: "functions/api/score-configs/list-score-configs.handler" },
  {
    method: "PATCH",
    path: "/v1/score-configs/{id}",
    handler: "functions/api/score-configs/patch-score-config.handler",
  },
  { method: "GET", path: "/v1/metrics", handler: "functions/api/metrics/get-metrics.handler", memoryMb: 2048 },
  { method: "GET", path: "/v1/users", handler: "functions/api/users/list-users.handler" },
  { method: "DELETE", path: "/v1/users/{userId}/data", handler: "functions/api/users/delete-user-data.handler" },
  { method: "GET", path: "/v1/retention", handler: "functions/api/retention/get-retention.handler" },
  { method: "POST", path: "/v1/retention", handler: "functions/api/retention/put-retention.handler" },
  { method: "POST", path: "/v1/retention/apply", handler: "functions/api/retention/apply-retention.handler" },

  // media (docs/media.md): Langfuse's presigned uploads, and reads of what a reference token names
  { method: "POST", path: "/api/public/media", handler: "functions/api/media/request-upload.handler" },
  { method: "GET", path: "/api/public/media/{mediaId}", handler: "functions/api/media/get-langfuse-media.handler" },
  { method: "PATCH", path: "/api/public/media/{mediaId}", handler: "functions/api/media/report-upload.handler" },
  { method: "GET", path: "/v1/media/{id}", handler: "functions/api/media/get-media.handler" },

  // Langfuse-compatible scores, score configs, comments, models and metrics (docs/langfuse.md)
  { method: "POST", path: "/api/public/scores", handler: "functions/api/langfuse-scores/create-score.handler" },
  {
    method: "DELETE",
    path: "/api/public/scores/{scoreId}",
    handler: "functions/api/langfuse-scores/delete-score.handler",
  },
  { method: "GET", path: "/api/public/v2/scores", handler: "functions/api/langfuse-scores/list-scores.handler" },
  {
    method: "GET",
    path: "/api/public/v2/scores/{scoreId}",
    handler: "functions/api/langfuse-scores/get-score.handler",
  },
  {
    method: "POST",
    path: "/api/public/score-configs",
    handler: "functions/api/langfuse-score-configs/create-score-config.handler",
  },
  {
    method: "GET",
    path: "/api/public/score-configs",
    handler: "functions/api/langfuse-score-configs/list-score-configs.handler",
  },
  {
    method: "GET",
    path: "/api/public/score-configs/{configId}",
    handler: "functions/api/langfuse-score-configs/get-score-config.handler",
  },
  {
    method: "PATCH",
    path: "/api/public/score-configs/{configId}",
    handler: "functions/api/langfuse-score-configs/update-score-config.handler",
  },
  { method: "POST", path: "/api/public/comments", handler: "functions/api/langfuse-comments/create-comment.handler" },
  { method: "GET", path: "/api/public/comments", handler: "functions/api/langfuse-comments/list-comments.handler" },
  {
    method: "GET",
    path: "/api/public/comments/{commentId}",
    handler: "functions/api/langfuse-comments/get-comment.handler",
  },
  { method: "POST", path: "/api/public/models", handler: "functions/api/langfuse-models/create-model.handler" },
  { method: "GET", path: "/api/public/models", handler: "functions/api/langfuse-models/list-models.handler" },
  { method: "GET", path: "/api/public/models/{id}", handler: "functions/api/langfuse-models/get-model.handler" },
  { method: "DELETE", path: "/api/public/models/{id}", handler: "functions/api/langfuse-models/delete-model.handler" },
  {
    method: "GET",
    path: "/api/public/metrics/daily",
    handler: "functions/api/langfuse-metrics/get-daily-metrics.handler",
    memoryMb: 2048,
  },
  {
    method: "GET",
    path: "/api/public/metrics",
    handler: "functions/api/langfuse-metrics/query-metrics.handler",
    memoryMb: 2048,
  },

  // the MCP server (docs/mcp.md): JSON-RPC over POST; GET and DELETE answer 405 on this stateless server
  { method: "POST", path: "/v1/mcp", handler: "functions/api/mcp/post-message.handler" },
  { method: "GET", path: "/v1/mcp", handler: "functions/api/mcp/refuse-stream.handler" },
  { method: "DELETE", path: "/v1/mcp", handler: "functions/api/mcp/refuse-stream.handler" },
];

/** `"GET /v1/x/{id}"`, the API Gateway route key of a route. */
export const routeKey = (r: Pick<RouteDef, "method" | "path">) => `${r.method} ${r.path}`;
