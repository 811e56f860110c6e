export { streamCompletion, type PlaygroundDeps } from "./stream-completion";
export { compileMessages } from "./compile-messages";
export * from "./playground.schema";
