/**
 * The one table of functions other functions invoke directly (Lambda's Invoke API), read by the AWS stack (the
 * function, its name in each caller's environment, `lambda:InvokeFunction` on exactly it for each caller) and by
 * the Lambda-fidelity suite. The local runtime has none: its callers run the same code in process.
 */
export interface InvokedFunctionDef {
  /** The construct's name in the stack. */
  name: string;
  handler: string;
  /** The environment variable that names the function to its callers. */
  envName: "SIGHTLINE_MODEL_CALL_FUNCTION";
  /** Handlers of the routes that invoke it. */
  callers: readonly string[];
  /** Lambda timeout in seconds, when the invoked class's (functions/function-settings.ts) does not fit. */
  timeoutSeconds?: number;
}

export const invokedFunctions: readonly InvokedFunctionDef[] = [
  // Judge-model calls of the MCP server, so its bundle carries no LLM SDK (docs/deployment.md, "The model-call function").
  {
    name: "ModelCall",
    handler: "functions/workers/model-call.handler",
    envName: "SIGHTLINE_MODEL_CALL_FUNCTION",
    callers: ["functions/api/mcp/post-message.handler"],
  },
];
