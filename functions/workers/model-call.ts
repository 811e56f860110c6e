import { modelCallWorker } from "../_lib/model-call-worker";

/**
 * Runs one judge-model call for a function that carries no LLM SDK (`POST /v1/mcp`), invoked synchronously
 * through Lambda's Invoke API; the only function of that path that carries the SDKs.
 */
export const handler = modelCallWorker();
