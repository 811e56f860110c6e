/** Barrel of every drizzle table, so the Db type and drizzle-kit see one schema. */

export * from "../alerts/alerts.sql";
export * from "../audit/audit.sql";
export * from "../auth/auth.sql";
export * from "../auth/oauth.sql";
export * from "../auth/passkey.sql";
export * from "../auth/sso.sql";
export * from "../automations/automations.sql";
export * from "../comments/comments.sql";
export * from "../datasets/datasets.sql";
export * from "../evaluators/automatic.sql";
export * from "../evaluators/evaluators.sql";
export * from "../experiments/experiments.sql";
export * from "../exports/export-configs.sql";
export * from "../ingest/ingest.sql";
export * from "../media/media.sql";
export * from "../pricing/pricing.sql";
export * from "../prompts/prompts.sql";
export * from "../ratelimits/ratelimits.sql";
export * from "../reviews/reviews.sql";
export * from "../scores/scores.sql";
export * from "../sharing/sharing.sql";
export * from "../telemetry/session-activity.sql";
export * from "../telemetry/trace-mirror.sql";
export * from "../tenancy/tenancy.sql";
export * from "../traces/retention.sql";
