import { guardedFetch } from "@core/adapters/http/guarded-fetch";
import { createLlmProviders } from "@core/adapters/llm";
import type { Env } from "../env";
import type { Port } from "../ports";

/** Largest provider answer read; a judge's answer is a few kilobytes. */
const MAX_LLM_ANSWER_BYTES = 4 * 1024 * 1024;

/** The judge providers of this process, with the environment's retry policy and concurrency bound, behind the outbound address policy. */
export const openLlmProviders = (env: Env, allowPrivateAddresses: boolean) =>
  createLlmProviders(guardedFetch({ allowPrivate: allowPrivateAddresses, maxResponseBytes: MAX_LLM_ANSWER_BYTES }), {
    concurrency: env.SIGHTLINE_LLM_CONCURRENCY,
    timeoutMs: env.SIGHTLINE_LLM_TIMEOUT_MS,
    maxRetries: env.SIGHTLINE_LLM_MAX_RETRIES,
  });

/** Judge-model providers (the official SDKs): only where evaluators run. */
export const llm: Port<"llm"> = {
  name: "llm",
  open: (env) => openLlmProviders(env, env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? false),
};
