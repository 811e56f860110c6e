import type { Deps } from "../platform/deps";
import type { DetailQuery, PromptDetail } from "./prompts.schema";
import { LATEST } from "./prompts.schema";
import { readDetail } from "./read-prompt";
import { resolvePrompt } from "./resolve-prompt";

/**
 * The prompt detail of `GET /v1/prompts/{name}` (and the MCP tool `get_prompt`): the latest raw body with
 * includes unexpanded, or with `channel` or `version` that version resolved, or raw with `resolve=false`
 * (docs/prompts.md).
 * @throws not_found when the prompt (or the version or label asked for) does not exist.
 */
export function getPromptDetail(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  name: string,
  query: DetailQuery,
): Promise<PromptDetail> {
  if (query.channel === undefined && query.version === undefined)
    return readDetail(deps.db, projectId, name, { label: LATEST }, { resolve: false });
  const selector = query.version !== undefined ? { version: query.version } : { label: query.channel ?? LATEST };
  if (query.resolve === "false") return readDetail(deps.db, projectId, name, selector, { resolve: false });
  return resolvePrompt(deps, projectId, name, selector);
}
