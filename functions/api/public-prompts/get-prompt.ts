import * as Prompts from "@core/prompts";
import { langfuseHttp } from "../../_lib/langfuse-http";

// Key-only, with Langfuse's error body: the console reads prompt versions through `/v1/prompts/{name}` instead.
export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse-compatible prompt fetch for `@langfuse/client`: label `production` unless ?label= or ?version=",
  tags: ["prompts"],
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
