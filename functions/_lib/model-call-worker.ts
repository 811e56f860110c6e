import { answerModelCall, ModelCall } from "@core/adapters/llm/model-call";
import type { LlmProviders } from "@core/platform/ports";
import { readSecrets } from "../_runtime/aws";
import { parseEnv } from "../_runtime/env";
import { llm, openLlmProviders } from "../_runtime/ports/llm";

/**
 * The providers of this instance, opened once per cold start from the environment completed by the stage's secret,
 * as every function's are; a failure is not kept, so the next invocation tries again.
 */
let providers: Promise<LlmProviders> | undefined;

async function openProviders(): Promise<LlmProviders> {
  const initial = parseEnv(process.env);
  const env = parseEnv({ ...(await readSecrets(initial)), ...process.env });
  return openLlmProviders(env, env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? false);
}

/**
 * The model-call function's edge (docs/deployment.md, "The model-call function"): one provider call per
 * invocation, its payload checked, answered with the completion or the provider's error. Nothing here logs the
 * payload: it carries the project's provider key.
 */
export function modelCallWorker() {
  const handler = async (event: unknown) => {
    const call = ModelCall.parse(event);
    providers ??= openProviders().catch((error: unknown) => {
      providers = undefined;
      throw error;
    });
    return answerModelCall(await providers, call);
  };
  return Object.assign(handler, { ports: [llm.name] });
}
