import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import * as Prompts from "../prompts";
import type { CompletionInput, PlaygroundMessage } from "./playground.schema";

export interface CompiledMessages {
  messages: PlaygroundMessage[];
  prompt: { name: string; version: number } | null;
}

const ROLES = new Set(["system", "user", "assistant"]);

/**
 * The messages to send: the prompt's (resolved and compiled by the prompts feature: includes, variables,
 * placeholders), then the request's own. A TEXT prompt is one user message.
 * @throws not_found when the prompt, version or label does not exist.
 * @throws invalid_input when a `{{variable}}` of the prompt has no value, or a compiled message has a role
 * that no provider takes.
 * @throws unprocessable when an include can no longer be assembled.
 */
export async function compileMessages(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  input: CompletionInput,
): Promise<CompiledMessages> {
  const ref = input.prompt;
  if (!ref) return { messages: input.messages, prompt: null };
  const selector =
    ref.version !== undefined ? { version: ref.version } : { label: ref.label ?? Prompts.DEFAULT_CHANNEL };
  const resolved = await Prompts.resolvePrompt(deps, projectId, ref.name, selector);
  const unbound = resolved.variables.filter((v) => !Object.hasOwn(ref.variables, v));
  if (unbound.length > 0) {
    throw invalid(
      `Invalid body.prompt.variables: prompt '${ref.name}' version ${resolved.version} uses ${unbound.map((v) => `{{${v}}}`).join(", ")}, which ${unbound.length === 1 ? "has" : "have"} no value`,
      { unbound },
    );
  }
  // The version just resolved, by number: a label moved in between cannot swap the body under the check.
  const compiled = await Prompts.compilePrompt(deps, projectId, ref.name, {
    version: resolved.version,
    variables: ref.variables,
    placeholders: ref.placeholders,
  });
  const fromPrompt: PlaygroundMessage[] =
    typeof compiled.compiled === "string"
      ? [{ role: "user", content: compiled.compiled }]
      : compiled.compiled.map((m) => {
          if (!ROLES.has(m.role))
            throw invalid(
              `Invalid body.prompt: prompt '${ref.name}' has a message with role '${m.role}'; the playground sends system, user and assistant messages`,
            );
          return { role: m.role as PlaygroundMessage["role"], content: m.content };
        });
  return { messages: [...fromPrompt, ...input.messages], prompt: { name: compiled.name, version: compiled.version } };
}
