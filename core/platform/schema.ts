/** Barrel of every drizzle table, so the Db type and drizzle-kit see one schema. */
export * from "../tenancy/tenancy.sql";
export * from "../audit/audit.sql";
export * from "../ingest/ingest.sql";
export * from "../telemetry/trace-mirror.sql";
export * from "../pricing/pricing.sql";
export * from "../prompts/prompts.sql";
export * from "../evaluators/evaluators.sql";
export * from "../traces/retention.sql";
export * from "../datasets/datasets.sql";
export * from "../telemetry/session-activity.sql";
export * from "../evaluators/automatic.sql";
export * from "../scores/scores.sql";
export * from "../reviews/reviews.sql";
export * from "../automations/automations.sql";
export * from "../alerts/alerts.sql";
export * from "../ratelimits/ratelimits.sql";
export * from "../auth/auth.sql";
