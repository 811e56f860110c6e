// Langfuse's public API wire format (docs/langfuse.md): schemas and translations onto our use cases.

export * from "./comments";
export * from "./datasets";
export * from "./legacy-datasets";
export * from "./metrics";
export * from "./metrics-query";
export * from "./models";
export * as LangfuseObservations from "./observations";
export * from "./page";
export * as LangfuseProjects from "./projects";
export * from "./prompts";
export * from "./score-configs";
export * from "./scores";
export * as LangfuseSessions from "./sessions";
export * as LangfuseTraces from "./traces";
