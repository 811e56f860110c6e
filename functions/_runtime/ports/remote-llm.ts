import { lambdaLlmProviders } from "@core/adapters/aws/lambda-llm-providers";
import type { Env } from "../env";
import type { Port } from "../ports";
import { awsClientOptions, awsCredentials } from "./aws-options";

/** The judge providers behind the model-call function: what a function opens instead of `llm` to carry no LLM SDK. */
export function openRemoteLlm(env: Env) {
  if (!env.SIGHTLINE_MODEL_CALL_FUNCTION)
    throw new Error("Invalid configuration: SIGHTLINE_MODEL_CALL_FUNCTION must be set (the stack sets it)");
  return lambdaLlmProviders({
    functionName: env.SIGHTLINE_MODEL_CALL_FUNCTION,
    ...awsClientOptions(env, env.AWS_ENDPOINT_URL_LAMBDA),
    credentials: awsCredentials(env),
    concurrency: env.SIGHTLINE_LLM_CONCURRENCY,
  });
}

/**
 * Judge-model providers reached through the model-call function (docs/deployment.md, "The model-call function"):
 * the same `llm` dependency as the in-process port, for a function that must stay small.
 */
export const remoteLlm: Port<"llm"> = { name: "llm", open: openRemoteLlm };
