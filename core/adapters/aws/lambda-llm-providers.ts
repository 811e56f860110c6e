import {
  LlmCallError,
  type LlmCredentials,
  type LlmProvider,
  type LlmProviderName,
  type LlmProviders,
} from "../../platform/ports";
import { completionOf, type ModelCall, ModelCallAnswer } from "../llm/model-call";
import { permitsPerProvider } from "../llm/resilient";
import { type AwsCredentialSource, AwsServiceError, serviceEndpoint, signedFetch } from "./signed-fetch";

export interface LambdaLlmOptions {
  /** The model-call function's name or ARN (the stack sets it in the caller's environment). */
  functionName: string;
  region: string;
  credentials: AwsCredentialSource;
  /** Lambda's endpoint (an emulator's); the region's by default. */
  endpoint?: string;
  /** Calls in flight at once per provider from this process, as the in-process providers bound them. */
  concurrency: number;
}

/**
 * The judge providers of a function that carries no LLM SDK: each `complete` is one synchronous invocation of the
 * model-call function (Lambda's Invoke API over signed fetch), which runs the in-process providers with their
 * retries and time limits and answers the completion or the provider's error, rebuilt here as it was raised there
 * (docs/deployment.md, "The model-call function"). Streams are not forwarded: no caller of this port streams.
 */
export function lambdaLlmProviders(options: LambdaLlmOptions): LlmProviders {
  const send = signedFetch("lambda", options.region, options.credentials);
  const base = (options.endpoint ?? serviceEndpoint("lambda", options.region)).replace(/\/$/, "");
  const url = `${base}/2015-03-31/functions/${encodeURIComponent(options.functionName)}/invocations`;
  const permitOf = permitsPerProvider(options.concurrency);

  async function invoke(call: ModelCall): Promise<ModelCallAnswer> {
    const response = await send(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-amz-invocation-type": "RequestResponse" },
      body: JSON.stringify(call),
    });
    const text = await response.text();
    if (!response.ok) throw invokeRefused(call.provider, response, text);
    const functionError = response.headers.get("x-amz-function-error");
    if (functionError) throw functionFailed(call.provider, functionError, text);
    return ModelCallAnswer.parse(JSON.parse(text));
  }

  return {
    get(name: LlmProviderName, credentials: LlmCredentials | null): LlmProvider {
      const semaphore = permitOf(name);
      return {
        async complete(request) {
          await semaphore.acquire();
          try {
            return completionOf(await invoke({ provider: name, credentials, request }));
          } finally {
            semaphore.release();
          }
        },
        async stream() {
          throw new LlmCallError("refused", `${name}: streams are not forwarded to the model-call function`);
        },
      };
    },
  };
}

/**
 * Lambda ran out of time before the function answered: the provider did not answer in time, as the in-process
 * providers say it. Any other function error is a fault of ours and propagates as one.
 */
function functionFailed(provider: string, kind: string, text: string): Error {
  let body: { errorType?: string; errorMessage?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // Lambda answers JSON; anything else says only that the function failed.
  }
  if (body.errorType === "Sandbox.Timedout" || /Task timed out/.test(body.errorMessage ?? ""))
    return new LlmCallError("timeout", `${provider}: request timed out`);
  return new Error(
    `The model-call function failed (${kind}): ${body.errorType ?? "Error"}: ${body.errorMessage ?? text.slice(0, 200)}`,
  );
}

/**
 * Lambda refused the invocation. Throttling (after signedFetch's retries) is the provider path being busy, a
 * transient failure as a provider's 429 is; any other refusal (no such function, no permission) is ours.
 */
function invokeRefused(provider: string, response: Response, text: string): Error {
  let body: { message?: string; Message?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's page: the status says enough.
  }
  const code = (response.headers.get("x-amzn-errortype") ?? "").split(":")[0] || "Unknown";
  const detail = body.message ?? body.Message ?? "";
  if (response.status === 429)
    return new LlmCallError("rate_limited", `${provider}: the model-call function is throttled (${code})`, 429);
  return new AwsServiceError("lambda", "Invoke", response.status, code, detail);
}
