import * as Langfuse from "@core/langfuse";
import * as Prompts from "@core/prompts";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary:
    "Langfuse: delete a prompt with all its versions and labels, or only the version of `version` or `label` (204)",
  tags: ["prompts"],
  status: 204,
  path: Prompts.PromptPath,
  query: Langfuse.DeletePromptQuery,
  run: async ({ path, query }, { deps, principal }) => {
    await Prompts.deletePrompt(deps, principal, path.name, query);
    return undefined;
  },
});
