import type { Deps } from "../platform/deps";
import { DEFAULT_CHANNEL, type LangfusePrompt, type PromptDetail } from "./prompts.schema";
import { readDetail, type Selector } from "./read-prompt";
import { resolvePrompt } from "./resolve-prompt";

/**
 * A prompt in the shape `@langfuse/client` reads from `GET /api/public/v2/prompts/{name}`:
 * label `production` unless a label or version is given, includes expanded unless
 * `resolve` is false (then the raw body, uncached, as Langfuse does).
 * @throws not_found when the prompt does not exist or no version holds the label or number.
 * @throws unprocessable when an include can no longer be assembled.
 */
export async function getLangfusePrompt(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  name: string,
  query: { label?: string; version?: number; resolve?: boolean },
): Promise<LangfusePrompt> {
  const selector: Selector =
    query.version !== undefined ? { version: query.version } : { label: query.label ?? DEFAULT_CHANNEL };
  const detail =
    query.resolve === false
      ? await readDetail(deps.db, projectId, name, selector, { resolve: false })
      : await resolvePrompt(deps, projectId, name, selector);
  return toLangfusePrompt(detail, projectId);
}

export function toLangfusePrompt(detail: PromptDetail, projectId: string): LangfusePrompt {
  return {
    id: detail.id,
    name: detail.name,
    version: detail.version,
    type: detail.type === "CHAT" ? "chat" : "text",
    prompt: detail.content,
    config: detail.config,
    labels: detail.labels,
    tags: [],
    commitMessage: detail.commitMessage,
    resolutionGraph: detail.resolutionGraph,
    projectId,
    createdAt: detail.createdAt,
    updatedAt: detail.createdAt,
  };
}
