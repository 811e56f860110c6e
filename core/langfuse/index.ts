// Langfuse's public API wire format (docs/langfuse.md): schemas and translations onto our use cases.
export * from "./page";
export * from "./datasets";
export * from "./prompts";
export * as LangfuseTraces from "./traces";
export * as LangfuseObservations from "./observations";
export * as LangfuseSessions from "./sessions";
export * as LangfuseProjects from "./projects";
export * from "./scores";
export * from "./score-configs";
export * from "./comments";
export * from "./models";
export * from "./metrics";
export * from "./metrics-query";
