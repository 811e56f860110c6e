import { createHash } from "node:crypto";
import type { LlmRequest, LlmStreamEvent } from "../../platform/ports";
import type { RawProvider } from "./raw-provider";

type Schema = Record<string, unknown>;

const digest = (text: string) => createHash("sha256").update(text).digest();
/** A number in [0, 1) from the first 6 bytes of a digest. */
const unit = (bytes: Buffer) => bytes.readUIntBE(0, 6) / 2 ** 48;

/**
 * Fills a JSON Schema with values derived from `seed`: the same seed gives the same value. Objects fill every
 * property, numbers stay within minimum/maximum (two decimals), strings pick from `enum` when there is one.
 */
function fill(schema: Schema | undefined, seed: string, model: string): unknown {
  const bytes = digest(seed);
  const type = schema?.type;
  if (Array.isArray(schema?.enum) && schema.enum.length > 0)
    return schema.enum[Math.floor(unit(bytes) * schema.enum.length)];
  if (type === "object") {
    const properties = (schema?.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(
      Object.entries(properties).map(([key, child]) => [key, fill(child, `${seed}.${key}`, model)]),
    );
  }
  if (type === "number" || type === "integer") {
    const min = typeof schema?.minimum === "number" ? schema.minimum : 0;
    const max = typeof schema?.maximum === "number" ? schema.maximum : 1;
    const value = min + unit(bytes) * (max - min);
    return type === "integer" ? Math.floor(value) : Math.round(value * 100) / 100;
  }
  if (type === "boolean") return unit(bytes) < 0.5;
  if (type === "string" && seed.endsWith(".reasoning"))
    return `Mock judgement ${bytes.toString("hex").slice(0, 8)} by ${model}: deterministic for this prompt and model.`;
  return `mock-${bytes.toString("hex").slice(0, 8)}`;
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The tool the mock calls: the one `toolChoice` names, or the first when a call is required; none otherwise. */
function chosenTool(request: LlmRequest) {
  const tools = request.tools ?? [];
  const choice = request.toolChoice;
  if (!tools.length || choice === undefined || choice === "none" || choice === "auto") return null;
  return choice === "required" ? tools[0]! : (tools.find((t) => t.name === choice.name) ?? null);
}

function answer(request: LlmRequest) {
  const seed = digest(JSON.stringify([request.model, request.messages])).toString("hex");
  const tool = chosenTool(request);
  const text = tool
    ? ""
    : request.responseFormat
      ? JSON.stringify(fill(request.responseFormat.schema ?? { type: "object" }, seed, request.model))
      : `Mock answer ${seed.slice(0, 8)}`;
  const call = tool
    ? {
        id: `call_${seed.slice(0, 12)}`,
        name: tool.name,
        arguments: JSON.stringify(fill(tool.parameters, `${seed}.${tool.name}`, request.model)),
      }
    : null;
  const input = request.messages.reduce((sum, m) => sum + tokens(m.content), 0);
  return { text, call, usage: { input, output: tokens(text + (call?.arguments ?? "")) }, model: request.model };
}

/**
 * The `mock` provider: no key, no network, and the same answer for the same model and messages (so the same
 * prompt and variables). Asked for JSON with a schema, it answers a value of that schema; made to call a tool
 * (`required` or by name), it calls it with arguments of the tool's schema. It streams its answer word by word.
 */
export function mockConnector(): RawProvider {
  const complete = async (request: LlmRequest) => {
    const { text, usage, model } = answer(request);
    return { text, usage, model };
  };
  const stream = async (request: LlmRequest): Promise<AsyncIterable<LlmStreamEvent>> => {
    const { text, call, usage, model } = answer(request);
    return (async function* () {
      for (const word of text.split(/(?<= )/).filter(Boolean)) yield { type: "text" as const, text: word };
      if (call) yield { type: "tool_call" as const, index: 0, id: call.id, name: call.name, arguments: call.arguments };
      yield { type: "done" as const, usage, model, finishReason: call ? "tool_calls" : "stop" };
    })();
  };
  return Object.assign(complete, { stream });
}
