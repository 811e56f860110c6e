import * as Langfuse from "@core/langfuse";
import * as Prompts from "@core/prompts";
import { langfuseHttp } from "../../_lib/langfuse-http";

// The same use case as POST /v1/prompts: a new version, `latest` and the given labels move to it (docs/prompts.md).
export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse: create the next version of a prompt (text or chat) with its labels",
  tags: ["prompts"],
  body: Langfuse.CreatePromptBody,
  response: Prompts.LangfusePrompt,
  run: async ({ body }, { deps, principal }) =>
    Prompts.toLangfusePrompt(await Prompts.savePrompt(deps, principal, body), principal.projectId),
});
