export { compileMessages } from "./compile-messages";
export * from "./playground.schema";
export { type PlaygroundDeps, streamCompletion } from "./stream-completion";
