import { booleanOf, isoFromAttribute, numberOf, parseJsonish, stringOf } from "./attribute-reader";
import type { Level } from "./drafts";
import {
  count,
  eventBodies,
  firstOf,
  fromEvent,
  given,
  json,
  jsonItems,
  list,
  lookup,
  messagesFromEvents,
  nested,
  object,
  objectOf,
  prefixed,
  type Read,
  type RuleInput,
  text,
  when,
} from "./readers";
import { costDetailsOf, normalizeUsageDetails, type UsageDetails, usageFromGenAi } from "./usage-counts";

/*
 * The one table from span attributes to observation and trace fields (docs/integrations.md, "What wins").
 * Each field lists its rules from the most specific family to the most generic; the first rule with a value
 * wins (metadata and model parameters merge, the more specific family winning per key). A rule reads only
 * its own attributes, so a family is added by adding rows, never by another branch in the code.
 */

export type Family = "langfuse" | "ai-sdk" | "openinference" | "logfire" | "gen-ai";
interface Rule<T> {
  family: Family;
  read: Read<T>;
}
const rule = <T>(family: Family, read: Read<T>): Rule<T> => ({ family, read });

/** What the table fills; every field optional ("not said"). */
export interface MappedFields {
  /** Fine-grained kind (generation, embedding, tool, agent, retriever, chain, event, …), stored as type plus metadata. */
  kind: string;
  name: string;
  model: string;
  modelParameters: Record<string, unknown>;
  usageDetails: UsageDetails;
  costDetails: Record<string, number>;
  input: unknown;
  output: unknown;
  completionStartTime: string;
  level: Level;
  statusMessage: string;
  version: string;
  environment: string;
  promptName: string;
  promptVersion: number;
  metadata: Record<string, unknown>;
  traceName: string;
  userId: string;
  sessionId: string;
  tags: string[];
  traceMetadata: Record<string, unknown>;
  traceInput: unknown;
  traceOutput: unknown;
  public: boolean;
  release: string;
  traceVersion: string;
}

/** Fields whose values from several families are merged (more specific wins per key). */
export const MERGED_FIELDS = new Set<keyof MappedFields>(["modelParameters", "metadata"]);

// Vercel AI SDK: `ai.<fn>.do<Call>` is the model call; `ai.<fn>` wraps it (and its tools) and repeats its totals.
const aiOperation = ({ attrs }: RuleInput) => stringOf(attrs.get("ai.operationId"));
const isAiCall = (s: RuleInput) => /\.do(Generate|Stream|Embed|Rerank)$/.test(aiOperation(s) ?? "");
const isAiOuter = (s: RuleInput) =>
  (aiOperation(s) ?? "").startsWith("ai.") && !isAiCall(s) && aiOperation(s) !== "ai.toolCall";
const aiKind: Read<string> = (s) => {
  const op = aiOperation(s);
  if (op === undefined) return undefined;
  if (op === "ai.toolCall") return "tool";
  if (/\.doEmbed$/.test(op)) return "embedding";
  return isAiCall(s) ? "generation" : "span";
};
const aiUsage: Read<UsageDetails> = (s) =>
  usageFromGenAi({
    inputTokens: count("ai.usage.inputTokens", "ai.usage.promptTokens", "ai.usage.tokens")(s),
    outputTokens: count("ai.usage.outputTokens", "ai.usage.completionTokens")(s),
    cacheReadTokens: count("ai.usage.inputTokenDetails.cacheReadTokens", "ai.usage.cachedInputTokens")(s),
    cacheCreationTokens: count("ai.usage.inputTokenDetails.cacheWriteTokens")(s),
    reasoningTokens: count("ai.usage.outputTokenDetails.reasoningTokens", "ai.usage.reasoningTokens")(s),
  });
/** The answer of a model call: its text, or the assistant turn with its tool calls. */
const aiAnswer: Read<unknown> = (s) => {
  const answer = text("ai.response.text")(s);
  const toolCalls = json("ai.response.toolCalls")(s);
  if (toolCalls === undefined) return answer ?? json("ai.response.object")(s);
  return { role: "assistant", content: answer ?? "", toolCalls };
};
/** `ai.prompt` is `{prompt}` or `{system, messages}`: a bare prompt reads as its text. */
const aiPrompt: Read<unknown> = (s) => {
  const prompt = json("ai.prompt")(s);
  const o = objectOf(prompt);
  return o && Object.keys(o).length === 1 && typeof o.prompt === "string" ? o.prompt : prompt;
};
const msAfterStart =
  (read: Read<number>): Read<string> =>
  (s) => {
    const ms = read(s);
    return ms === undefined || ms < 0 ? undefined : new Date(Date.parse(s.span.start) + ms).toISOString();
  };

// OpenInference: the span kind says what the span is; values carry their mime type.
const OPENINFERENCE_KINDS: Record<string, string> = {
  LLM: "generation",
  EMBEDDING: "embedding",
  TOOL: "tool",
  RETRIEVER: "retriever",
  CHAIN: "chain",
  AGENT: "agent",
  RERANKER: "reranker",
  GUARDRAIL: "guardrail",
  EVALUATOR: "evaluator",
  PROMPT: "span",
};
const ioValue =
  (which: "input" | "output"): Read<unknown> =>
  ({ attrs }) => {
    const value = attrs.get(`${which}.value`);
    if (value === undefined) return undefined;
    const mime = stringOf(attrs.get(`${which}.mime_type`));
    return mime === "application/json" ? parseJsonish(value) : (stringOf(value) ?? value);
  };
const openInferenceUsage: Read<UsageDetails> = (s) =>
  usageFromGenAi({
    inputTokens: count("llm.token_count.prompt")(s),
    outputTokens: count("llm.token_count.completion")(s),
    cacheReadTokens: count("llm.token_count.prompt_details.cache_read")(s),
    cacheCreationTokens: count("llm.token_count.prompt_details.cache_write")(s),
    reasoningTokens: count("llm.token_count.completion_details.reasoning")(s),
  });
const embeddingTexts: Read<unknown> = (s) => {
  const items = nested("embedding.embeddings")(s);
  const texts = items?.map((i) => objectOf(i)?.text).filter((t) => t !== undefined);
  return texts?.length ? (texts.length === 1 ? texts[0] : texts) : undefined;
};

// Logfire (and pydantic-ai through it): levels are numbers; a log is a zero-length span.
const logfireLevel: Read<Level> = ({ attrs }) => {
  const n = numberOf(attrs.get("logfire.level_num"));
  if (n === undefined) return undefined;
  return n >= 17 ? "ERROR" : n >= 13 ? "WARNING" : n < 9 ? "DEBUG" : "DEFAULT";
};
/** pydantic-ai before OTel's agent and tool operations: `agent run` and `running tool` spans. */
const pydanticKind: Read<string> = firstOf(
  given("agent_name", "agent"),
  given("pydantic_ai.all_messages", "agent"),
  when((s) => s.attrs.get("gen_ai.operation.name") === undefined, given("gen_ai.tool.name", "tool")),
);
/** The GenAI semconv message events (span events, log records, or pydantic-ai's `events` list) and their roles. */
const MESSAGE_EVENT_ROLES = new Map([
  ["gen_ai.system.message", "system"],
  ["gen_ai.user.message", "user"],
  ["gen_ai.assistant.message", "assistant"],
  ["gen_ai.tool.message", "tool"],
]);
/** pydantic-ai 0.x put the GenAI message events in one `events` attribute (a JSON list). */
const pydanticEvents =
  (which: "input" | "output"): Read<unknown> =>
  ({ attrs }) => {
    const events = parseJsonish(attrs.get("events"));
    if (!Array.isArray(events)) return undefined;
    const body = (e: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== "event.name" && k !== "gen_ai.system"));
    const picked = events
      .map(objectOf)
      .filter(
        (e): e is Record<string, unknown> =>
          !!e &&
          (which === "output" ? e["event.name"] === "gen_ai.choice" : MESSAGE_EVENT_ROLES.has(String(e["event.name"]))),
      );
    if (picked.length === 0) return undefined;
    if (which === "output") return picked.length === 1 ? body(picked[0]!) : picked.map(body);
    return picked.map((e) => ({ role: MESSAGE_EVENT_ROLES.get(String(e["event.name"])), ...body(e) }));
  };

// OTel GenAI semantic conventions: current names first, then the older attribute and span-event forms.
const GEN_AI_KINDS: Record<string, string> = {
  chat: "generation",
  text_completion: "generation",
  generate_content: "generation",
  completion: "generation",
  embeddings: "embedding",
  execute_tool: "tool",
  invoke_agent: "agent",
  create_agent: "agent",
};
const genAiUsage: Read<UsageDetails> = (s) =>
  usageFromGenAi({
    inputTokens: count("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens")(s),
    outputTokens: count("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens")(s),
    cacheReadTokens: count("gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cache_read_input_tokens")(s),
    cacheCreationTokens: count(
      "gen_ai.usage.cache_creation.input_tokens",
      "gen_ai.usage.cache_creation_input_tokens",
    )(s),
    reasoningTokens: count("gen_ai.usage.reasoning.output_tokens", "gen_ai.usage.reasoning_tokens")(s),
  });
/** `gen_ai.input.messages`, led by `gen_ai.system_instructions` as a system message when both are sent. */
const genAiMessages =
  (key: string): Read<unknown> =>
  (s) => {
    const messages = json(key)(s);
    const system = json("gen_ai.system_instructions")(s);
    if (system === undefined) return messages;
    const parts = Array.isArray(system) ? system : [{ type: "text", content: system }];
    return [
      { role: "system", parts },
      ...(Array.isArray(messages) ? messages : messages === undefined ? [] : [messages]),
    ];
  };
const DETAILS_EVENT_INPUT = fromEvent("gen_ai.input.messages");
const DETAILS_EVENT_OUTPUT = fromEvent("gen_ai.output.messages");

const LANGFUSE_LEVELS: Record<string, Level> = {
  DEBUG: "DEBUG",
  DEFAULT: "DEFAULT",
  WARNING: "WARNING",
  ERROR: "ERROR",
};
const langfuseMetadata =
  (prefix: string): Read<Record<string, unknown>> =>
  (s) => {
    const whole = json(prefix)(s);
    const keyed = prefixed(prefix)(s);
    const merged = { ...(whole === undefined ? {} : (objectOf(whole) ?? { value: whole })), ...keyed };
    return Object.keys(merged).length ? merged : undefined;
  };
const promptVersion: Read<number> = (s) => {
  const v = numberOf(json("langfuse.observation.prompt.version")(s));
  return v !== undefined && Number.isInteger(v) && v >= 0 ? v : undefined;
};

export const SPAN_MAPPING: { [F in keyof MappedFields]: Rule<MappedFields[F]>[] } = {
  kind: [
    rule("langfuse", text("langfuse.observation.type")),
    rule("ai-sdk", aiKind),
    rule("openinference", lookup(text("openinference.span.kind"), OPENINFERENCE_KINDS)),
    rule("logfire", lookup(text("logfire.span_type"), { log: "event" })),
    rule("logfire", pydanticKind),
    rule("gen-ai", lookup(text("gen_ai.operation.name"), GEN_AI_KINDS)),
  ],
  name: [rule("logfire", text("logfire.msg"))],
  model: [
    rule("langfuse", text("langfuse.observation.model.name")),
    rule("ai-sdk", when(isAiCall, text("ai.response.model", "ai.model.id"))),
    rule("openinference", text("llm.model_name", "embedding.model_name")),
    rule("gen-ai", text("gen_ai.response.model", "gen_ai.request.model")),
  ],
  modelParameters: [
    rule("langfuse", object("langfuse.observation.model.parameters")),
    rule(
      "ai-sdk",
      prefixed("ai.settings", (k) => k === "maxRetries"),
    ),
    rule("openinference", object("llm.invocation_parameters")),
    rule(
      "gen-ai",
      prefixed("gen_ai.request", (k) => k === "model"),
    ),
  ],
  usageDetails: [
    rule("langfuse", (s) => normalizeUsageDetails(json("langfuse.observation.usage_details")(s))),
    rule("ai-sdk", when(isAiCall, aiUsage)),
    rule("openinference", openInferenceUsage),
    rule("gen-ai", genAiUsage),
  ],
  costDetails: [rule("langfuse", (s) => costDetailsOf(json("langfuse.observation.cost_details")(s)))],
  input: [
    rule("langfuse", json("langfuse.observation.input")),
    rule(
      "ai-sdk",
      firstOf(
        json("ai.prompt.messages"),
        json("ai.toolCall.args", "ai.toolCall.input"),
        jsonItems("ai.values"),
        json("ai.value"),
        when(isAiOuter, aiPrompt),
      ),
    ),
    rule("openinference", firstOf(nested("llm.input_messages"), embeddingTexts, ioValue("input"))),
    rule(
      "logfire",
      firstOf(json("tool_arguments"), json("pydantic_ai.all_messages", "all_messages_events"), pydanticEvents("input")),
    ),
    rule(
      "gen-ai",
      firstOf(
        genAiMessages("gen_ai.input.messages"),
        json("gen_ai.tool.call.arguments"),
        json("gen_ai.prompt"),
        nested("gen_ai.prompt"),
        DETAILS_EVENT_INPUT,
        messagesFromEvents(MESSAGE_EVENT_ROLES),
      ),
    ),
  ],
  output: [
    rule("langfuse", json("langfuse.observation.output")),
    rule(
      "ai-sdk",
      firstOf(
        aiAnswer,
        json("ai.toolCall.result", "ai.toolCall.output"),
        jsonItems("ai.embeddings"),
        json("ai.embedding"),
      ),
    ),
    rule("openinference", firstOf(nested("llm.output_messages"), nested("retrieval.documents"), ioValue("output"))),
    rule("logfire", firstOf(json("tool_response"), json("final_result"), pydanticEvents("output"))),
    rule(
      "gen-ai",
      firstOf(
        json("gen_ai.output.messages"),
        json("gen_ai.tool.call.result"),
        json("gen_ai.completion"),
        nested("gen_ai.completion"),
        DETAILS_EVENT_OUTPUT,
        eventBodies("gen_ai.choice"),
      ),
    ),
  ],
  completionStartTime: [
    rule("langfuse", (s) => isoFromAttribute(s.attrs.get("langfuse.observation.completion_start_time"))),
    rule("ai-sdk", msAfterStart(count("ai.response.msToFirstChunk"))),
    rule(
      "ai-sdk",
      msAfterStart((s) => numberOf(fromEvent("ai.response.msToFirstChunk")(s))),
    ),
  ],
  level: [
    rule(
      "langfuse",
      lookup((s) => text("langfuse.observation.level")(s)?.toUpperCase(), LANGFUSE_LEVELS),
    ),
    rule("logfire", logfireLevel),
  ],
  statusMessage: [rule("langfuse", text("langfuse.observation.status_message"))],
  version: [rule("langfuse", text("langfuse.observation.version", "langfuse.version"))],
  environment: [rule("langfuse", text("langfuse.environment"))],
  promptName: [rule("langfuse", text("langfuse.observation.prompt.name"))],
  promptVersion: [rule("langfuse", promptVersion)],
  metadata: [
    rule("langfuse", langfuseMetadata("langfuse.observation.metadata")),
    rule("ai-sdk", prefixed("ai.telemetry.metadata")),
    rule(
      "openinference",
      firstOf(object("metadata"), (s) =>
        text("llm.provider", "llm.system")(s) ? { provider: text("llm.provider", "llm.system")(s) } : undefined,
      ),
    ),
    rule("gen-ai", (s) => {
      const provider = text("gen_ai.provider.name", "gen_ai.system")(s);
      const operationName = text("gen_ai.operation.name")(s);
      return provider || operationName
        ? Object.fromEntries(Object.entries({ provider, operationName }).filter(([, v]) => v !== undefined))
        : undefined;
    }),
  ],
  traceName: [
    rule("langfuse", text("langfuse.trace.name")),
    rule(
      "ai-sdk",
      when((s) => s.span.isRoot, text("ai.telemetry.functionId")),
    ),
  ],
  userId: [rule("langfuse", text("langfuse.user.id", "user.id")), rule("ai-sdk", text("ai.telemetry.metadata.userId"))],
  sessionId: [
    rule("langfuse", text("langfuse.session.id", "session.id")),
    rule("ai-sdk", text("ai.telemetry.metadata.sessionId")),
    rule("gen-ai", text("gen_ai.conversation.id")),
  ],
  tags: [
    rule("langfuse", list("langfuse.trace.tags")),
    rule("ai-sdk", list("ai.telemetry.metadata.tags")),
    rule("openinference", list("tag.tags")),
  ],
  traceMetadata: [rule("langfuse", langfuseMetadata("langfuse.trace.metadata"))],
  traceInput: [rule("langfuse", json("langfuse.trace.input"))],
  traceOutput: [rule("langfuse", json("langfuse.trace.output"))],
  public: [rule("langfuse", (s) => booleanOf(s.attrs.get("langfuse.trace.public")))],
  release: [rule("langfuse", text("langfuse.release"))],
  traceVersion: [rule("langfuse", text("langfuse.version"))],
};
