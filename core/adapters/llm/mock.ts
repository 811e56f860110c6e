import { createHash } from "node:crypto";
import type { LlmRequest } from "../../platform/ports";
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
  if (Array.isArray(schema?.enum) && schema.enum.length > 0) return schema.enum[Math.floor(unit(bytes) * schema.enum.length)];
  if (type === "object") {
    const properties = (schema?.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, fill(child, `${seed}.${key}`, model)]));
  }
  if (type === "number" || type === "integer") {
    const min = typeof schema?.minimum === "number" ? schema.minimum : 0;
    const max = typeof schema?.maximum === "number" ? schema.maximum : 1;
    const value = min + unit(bytes) * (max - min);
    return type === "integer" ? Math.floor(value) : Math.round(value * 100) / 100;
  }
  if (type === "boolean") return unit(bytes) < 0.5;
  if (type === "string" && seed.endsWith(".reasoning")) return `Mock judgement ${bytes.toString("hex").slice(0, 8)} by ${model}: deterministic for this prompt and model.`;
  return `mock-${bytes.toString("hex").slice(0, 8)}`;
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/**
 * The `mock` provider: no key, no network, and the same answer for the same model and messages (so the same
 * prompt and variables). Asked for JSON with a schema, it answers a value of that schema.
 */
export function mockConnector(): RawProvider {
  return async (request: LlmRequest) => {
    const seed = digest(JSON.stringify([request.model, request.messages])).toString("hex");
    const text = request.responseFormat ? JSON.stringify(fill(request.responseFormat.schema ?? { type: "object" }, seed, request.model)) : `Mock answer ${seed.slice(0, 8)}`;
    const input = request.messages.reduce((sum, m) => sum + tokens(m.content), 0);
    return { text, usage: { input, output: tokens(text) }, model: request.model };
  };
}
