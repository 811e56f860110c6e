import * as z from "zod";
import {
  LLM_PROVIDERS,
  LlmCallError,
  type LlmCompletion,
  type LlmProviders,
  type LlmRequest,
} from "../../platform/ports";

/*
 * One provider call carried to the model-call function and its answer back
 * (docs/deployment.md, "The model-call function"). This file imports no SDK: the caller's bundle holds it and the
 * contract, never the clients.
 */

const Message = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })).optional(),
  toolCallId: z.string().optional(),
});

const Request = z.object({
  model: z.string(),
  messages: z.array(Message),
  temperature: z.number().optional(),
  maxTokens: z.number().optional(),
  topP: z.number().optional(),
  stop: z.array(z.string()).optional(),
  responseFormat: z
    .union([
      z.object({ type: z.literal("json"), schema: z.record(z.string(), z.unknown()).optional() }),
      z.object({
        type: z.literal("json_schema"),
        name: z.string(),
        schema: z.record(z.string(), z.unknown()),
        strict: z.boolean().optional(),
      }),
    ])
    .optional(),
  tools: z
    .array(
      z.object({
        name: z.string(),
        description: z.string().optional(),
        parameters: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  toolChoice: z.union([z.enum(["auto", "none", "required"]), z.object({ name: z.string() })]).optional(),
}) satisfies z.ZodType<LlmRequest>;

/** The invocation payload. It carries the project's provider key: neither side may log it. */
export const ModelCall = z.object({
  provider: z.enum(LLM_PROVIDERS),
  credentials: z.object({ apiKey: z.string(), baseUrl: z.string().nullish() }).nullable(),
  request: Request,
});
export type ModelCall = z.infer<typeof ModelCall>;

const Failure = z.object({
  kind: z.enum(["rate_limited", "server", "timeout", "connection", "refused"]),
  message: z.string(),
  status: z.number().optional(),
  retryAfterMs: z.number().optional(),
});

/** The function's answer: a provider's refusal is an answer too, so Lambda counts no function error for it. */
export const ModelCallAnswer = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    completion: z.object({
      text: z.string(),
      usage: z.object({ input: z.number(), output: z.number() }),
      model: z.string(),
    }),
  }),
  z.object({ ok: z.literal(false), error: Failure }),
]);
export type ModelCallAnswer = z.infer<typeof ModelCallAnswer>;

/**
 * Runs one call on this process's providers (retries and time limits included) and answers what came of it.
 * @throws whatever is not an LlmCallError (a bug), which the runtime reports as a function error.
 */
export async function answerModelCall(providers: LlmProviders, call: ModelCall): Promise<ModelCallAnswer> {
  try {
    const completion: LlmCompletion = await providers.get(call.provider, call.credentials).complete(call.request);
    return { ok: true, completion: { text: completion.text, usage: completion.usage, model: completion.model } };
  } catch (error) {
    if (!(error instanceof LlmCallError)) throw error;
    return {
      ok: false,
      error: {
        kind: error.kind,
        message: error.message,
        ...(error.status !== undefined ? { status: error.status } : {}),
        ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      },
    };
  }
}

/**
 * The completion an answer carries.
 * @throws LlmCallError rebuilt as the provider's call raised it in the function.
 */
export function completionOf(answer: ModelCallAnswer): LlmCompletion {
  if (answer.ok) return answer.completion;
  const { kind, message, status, retryAfterMs } = answer.error;
  throw new LlmCallError(kind, message, status, retryAfterMs);
}
