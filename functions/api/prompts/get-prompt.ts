import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary:
    "Prompt detail: the latest raw body (includes unexpanded), or with ?channel= or ?version= that version resolved",
  tags: ["prompts"],
  path: Prompts.PromptPath,
  query: Prompts.DetailQuery,
  response: Prompts.PromptDetail,
  run: ({ path, query }, { deps, principal }) => Prompts.getPromptDetail(deps, principal.projectId, path.name, query),
});
