import * as z from "zod";
import { LLM_PROVIDERS } from "../platform/ports";
import * as Prompts from "../prompts";

/** Wire shapes of `POST /v1/playground/completions` (docs/playground.md). */

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const JsonSchema = z.record(z.string(), z.unknown());

export const ToolCall = z.object({
  id: z.string().min(1).max(200),
  name: z.string().regex(TOOL_NAME),
  arguments: z.string().max(100_000),
});

export const PlaygroundMessage = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string().max(1_000_000).default(""),
  toolCalls: z.array(ToolCall).max(64).optional().describe("An assistant turn's tool calls"),
  toolCallId: z.string().min(1).max(200).optional().describe("A tool message answers this call"),
});
export type PlaygroundMessage = z.output<typeof PlaygroundMessage>;

export const PromptReference = z
  .object({
    name: Prompts.PromptName,
    version: z.number().int().min(1).max(Prompts.MAX_VERSION).optional(),
    label: Prompts.Label.optional().describe(
      "The channel to resolve; `production` when neither version nor label is given",
    ),
    variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
    placeholders: z.record(z.string(), z.array(Prompts.ChatMessage)).default({}),
  })
  .refine((p) => p.version === undefined || p.label === undefined, "Give version or label, not both");

export const Tool = z.object({
  name: z.string().regex(TOOL_NAME, "A tool name is 1 to 64 letters, digits, '_' or '-'"),
  description: z.string().max(4000).optional(),
  parameters: JsonSchema.default({ type: "object", properties: {} }).describe("The arguments' JSON Schema"),
});

export const ToolChoice = z.union([
  z.enum(["auto", "none", "required"]),
  z.object({ name: z.string().regex(TOOL_NAME) }),
]);

export const ResponseFormat = z.discriminatedUnion("type", [
  z.object({ type: z.literal("json_object") }),
  z.object({
    type: z.literal("json_schema"),
    name: z.string().regex(TOOL_NAME).default("response"),
    schema: JsonSchema,
    strict: z.boolean().optional(),
  }),
]);

export const Parameters = z
  .object({
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().min(1).max(1_000_000).optional(),
    topP: z.number().min(0).max(1).optional(),
    stop: z.array(z.string().min(1).max(200)).max(4).optional(),
  })
  .strict();

export const CompletionBody = z
  .object({
    provider: z.enum(LLM_PROVIDERS),
    model: z.string().min(1).max(200),
    prompt: PromptReference.optional().describe("A stored prompt compiled server-side; its messages come first"),
    messages: z
      .array(PlaygroundMessage)
      .max(1000)
      .default([])
      .describe("Messages, after the prompt's when both are given"),
    parameters: Parameters.default({}),
    tools: z.array(Tool).max(64).optional(),
    toolChoice: ToolChoice.optional(),
    responseFormat: ResponseFormat.optional().describe("Structured output: JSON, or JSON that the schema describes"),
  })
  .refine((b) => b.prompt !== undefined || b.messages.length > 0, "Give messages, a prompt, or both")
  .refine((b) => b.toolChoice === undefined || (b.tools?.length ?? 0) > 0, "toolChoice needs tools")
  .refine(
    (b) => typeof b.toolChoice !== "object" || b.tools?.some((t) => t.name === (b.toolChoice as { name: string }).name),
    "toolChoice names a tool that is not in tools",
  );
export type CompletionInput = z.output<typeof CompletionBody>;

export const Usage = z.object({ input: z.number().int(), output: z.number().int(), total: z.number().int() });

/** The events of the stream, in order: `start`, then `delta` and `tool_call` as they come, then `done` or `error`. */
export type PlaygroundEvent =
  | {
      event: "start";
      data: {
        traceId: string;
        provider: string;
        model: string;
        messages: PlaygroundMessage[];
        prompt: { name: string; version: number } | null;
      };
    }
  | { event: "delta"; data: { text: string } }
  | { event: "tool_call"; data: { index: number; id?: string; name?: string; arguments: string } }
  | {
      event: "done";
      data: {
        traceId: string;
        model: string;
        finishReason: string | null;
        output: { text: string; toolCalls: z.infer<typeof ToolCall>[] };
        usage: z.infer<typeof Usage>;
        costUsd: number | null;
        latency: { totalMs: number; timeToFirstTokenMs: number | null };
      };
    }
  | { event: "error"; data: { code: string; message: string; traceId: string } };
