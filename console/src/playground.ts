import type { Observation } from "./types";

/** A playground message: role and content, with an assistant's tool calls or the call a tool message answers. */
export interface PlayMessage {
  role: string;
  content: string;
  toolCalls?: { id: string; name: string; arguments: string }[];
  toolCallId?: string;
}

/** One column of the playground: what is sent, and where it came from. */
export interface Variant {
  provider: string;
  model: string;
  temperature: string;
  maxTokens: string;
  topP: string;
  messages: PlayMessage[];
  /** `{{name}}` values, substituted into the messages before they are sent. */
  variables: Record<string, string>;
  /** The tools as JSON text (an array of `{name, description?, parameters}`); empty for none. */
  tools: string;
  toolChoice: string;
  /** A JSON schema for structured output as text; empty for free text. */
  schema: string;
}

/** What "Open in playground" hands over: the variant, and the prompt version it came from, if any. */
export interface Seed {
  variant: Partial<Variant>;
  prompt?: { name: string; version: number };
}

export const PROVIDERS = ["mock", "openai", "anthropic", "openai-compatible"];

export const emptyVariant = (over: Partial<Variant> = {}): Variant => ({
  provider: "mock",
  model: "mock-model",
  temperature: "",
  maxTokens: "",
  topP: "",
  messages: [{ role: "user", content: "" }],
  variables: {},
  tools: "",
  toolChoice: "auto",
  schema: "",
  ...over,
});

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export const variablesIn = (messages: PlayMessage[]) => [
  ...new Set(messages.flatMap((m) => [...m.content.matchAll(VARIABLE)].map((x) => x[1]!))),
];

export const substitute = (text: string, values: Record<string, string>) =>
  text.replace(VARIABLE, (all, name: string) => (Object.hasOwn(values, name) ? values[name]! : all));

const text = (v: unknown): string => (typeof v === "string" ? v : v == null ? "" : JSON.stringify(v));

/** Messages from a generation's input: an array of messages, `{messages, tools}` (how Sightline records its calls), or one text. */
function messagesOf(input: unknown): PlayMessage[] {
  const list = Array.isArray(input)
    ? input
    : Array.isArray((input as { messages?: unknown } | null)?.messages)
      ? (input as { messages: unknown[] }).messages
      : null;
  if (!list) return [{ role: "user", content: text(input) }];
  return list.map((m) => {
    const r = (m ?? {}) as Record<string, unknown>;
    const calls = (r.toolCalls ?? r.tool_calls) as
      | { id?: string; name?: string; arguments?: unknown; function?: { name?: string; arguments?: unknown } }[]
      | undefined;
    return {
      role: typeof r.role === "string" ? r.role : "user",
      content: text(r.content),
      ...(Array.isArray(calls) && calls.length
        ? {
            toolCalls: calls.map((c) => ({
              id: c.id ?? "",
              name: c.name ?? c.function?.name ?? "",
              arguments: text(c.arguments ?? c.function?.arguments),
            })),
          }
        : {}),
      ...(typeof (r.toolCallId ?? r.tool_call_id) === "string"
        ? { toolCallId: String(r.toolCallId ?? r.tool_call_id) }
        : {}),
    };
  });
}

/** The provider a generation most likely used: what Sightline recorded, else a guess from the model's name. */
function providerOf(obs: Observation): string {
  const recorded = (obs.metadata as { sightline?: { provider?: unknown } } | null)?.sightline?.provider;
  if (typeof recorded === "string" && PROVIDERS.includes(recorded)) return recorded;
  const model = obs.model ?? "";
  if (/claude/i.test(model)) return "anthropic";
  if (/^(gpt|o\d|chatgpt|text-)/i.test(model)) return "openai";
  return "mock";
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : "");

/** A generation as a playground variant: its messages, model, parameters and tools. */
export function seedFromGeneration(obs: Observation): Seed {
  const params = (obs.modelParameters ?? {}) as Record<string, unknown>;
  const tools = (obs.input as { tools?: unknown } | null)?.tools;
  return {
    variant: {
      provider: providerOf(obs),
      model: obs.model ?? "",
      temperature: num(params.temperature),
      maxTokens: num(params.maxTokens ?? params.max_tokens ?? params.max_completion_tokens),
      topP: num(params.topP ?? params.top_p),
      messages: messagesOf(obs.input),
      tools: Array.isArray(tools) && tools.length ? JSON.stringify(tools, null, 2) : "",
    },
    ...(obs.promptName && obs.promptVersion ? { prompt: { name: obs.promptName, version: obs.promptVersion } } : {}),
  };
}

/** The request body of one variant (docs/playground.md). @throws Error naming a field whose JSON does not parse. */
export function requestOf(v: Variant): Record<string, unknown> {
  const parse = (field: string, value: string) => {
    try {
      return JSON.parse(value);
    } catch {
      throw new Error(`${field} is not valid JSON`);
    }
  };
  const parameters: Record<string, number> = {};
  if (v.temperature.trim()) parameters.temperature = Number(v.temperature);
  if (v.maxTokens.trim()) parameters.maxTokens = Number(v.maxTokens);
  if (v.topP.trim()) parameters.topP = Number(v.topP);
  const tools = v.tools.trim() ? parse("Tools", v.tools) : undefined;
  return {
    provider: v.provider,
    model: v.model,
    messages: v.messages.map((m) => ({ ...m, content: substitute(m.content, v.variables) })),
    parameters,
    ...(tools
      ? {
          tools,
          toolChoice:
            v.toolChoice === "auto" || v.toolChoice === "none" || v.toolChoice === "required"
              ? v.toolChoice
              : { name: v.toolChoice },
        }
      : {}),
    ...(v.schema.trim()
      ? { responseFormat: { type: "json_schema", name: "response", schema: parse("Output schema", v.schema) } }
      : {}),
  };
}
