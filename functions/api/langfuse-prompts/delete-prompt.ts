import * as Langfuse from "@core/langfuse";
import * as Prompts from "@core/prompts";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse: delete a prompt with all its versions and labels (204); version and label filters are refused",
  tags: ["prompts"],
  status: 204,
  path: Prompts.PromptPath,
  query: Langfuse.DeletePromptQuery,
  run: async ({ path }, { deps, principal }) => {
    await Prompts.deletePrompt(deps, principal, path.name);
    return undefined;
  },
});
