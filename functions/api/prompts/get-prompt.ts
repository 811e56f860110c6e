import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Prompt detail: the latest raw body (includes unexpanded), or with ?channel= or ?version= that version resolved",
  tags: ["prompts"],
  path: Prompts.PromptPath,
  query: Prompts.DetailQuery,
  response: Prompts.PromptDetail,
  run: ({ path, query }, { deps, principal }) =>
    query.channel === undefined && query.version === undefined
      ? Prompts.readDetail(deps.db, principal.projectId, path.name, { label: Prompts.LATEST }, { resolve: false })
      : Prompts.resolvePrompt(deps, principal.projectId, path.name, query.version !== undefined ? { version: query.version } : { label: query.channel! }),
});
