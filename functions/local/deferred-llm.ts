import type { LlmProviders } from "@core/platform/ports";

/**
 * Model providers whose SDKs load at the first call, not at start-up (docs/architecture.md, "Start-up"): most
 * runs of `npm start` call no model for a long while, or never. One instance is loaded, so the retry policy and
 * the per-provider bound stay one per process.
 */
export function deferredLlmProviders(load: () => Promise<LlmProviders>): LlmProviders {
  let loaded: Promise<LlmProviders> | null = null;
  const providers = () => (loaded ??= load());
  return {
    get: (provider, credentials) => ({
      complete: async (request) => (await providers()).get(provider, credentials).complete(request),
      stream: async (request, options) => (await providers()).get(provider, credentials).stream(request, options),
    }),
  };
}
