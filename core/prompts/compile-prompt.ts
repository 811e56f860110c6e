import type { Deps } from "../platform/deps";
import { type CompiledPrompt, type CompileInput, DEFAULT_CHANNEL } from "./prompts.schema";
import { resolvePrompt } from "./resolve-prompt";
import { compileContent } from "./template";

/**
 * Resolves the chosen version (channel `production` unless told otherwise), includes
 * expanded, then substitutes variables and fills or removes placeholder slots.
 * @throws not_found when the prompt does not exist or no version holds the channel or number.
 * @throws unprocessable when an include can no longer be assembled.
 */
export async function compilePrompt(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  name: string,
  input: CompileInput,
): Promise<CompiledPrompt> {
  const selector =
    input.version !== undefined ? { version: input.version } : { label: input.channel ?? DEFAULT_CHANNEL };
  const prompt = await resolvePrompt(deps, projectId, name, selector);
  return {
    name: prompt.name,
    version: prompt.version,
    type: prompt.type,
    labels: prompt.labels,
    config: prompt.config,
    compiled: compileContent(prompt.content, input.variables, input.placeholders),
  };
}
