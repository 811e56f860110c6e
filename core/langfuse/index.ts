// Langfuse's public API wire format (docs/langfuse.md): schemas and translations onto our use cases.
export * from "./page";
export * from "./datasets";
export * from "./prompts";
