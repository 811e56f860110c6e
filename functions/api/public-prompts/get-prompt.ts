import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Langfuse-compatible prompt fetch for `@langfuse/client`: label `production` unless ?label= or ?version=",
  tags: ["prompts", "langfuse"],
  path: Prompts.PromptPath,
  query: Prompts.LangfuseQuery,
  response: Prompts.LangfusePrompt,
  run: ({ path, query }, { deps, principal }) =>
    Prompts.getLangfusePrompt(deps, principal.projectId, path.name, {
      label: query.label,
      version: query.version,
      resolve: query.resolve !== "false",
    }),
});
