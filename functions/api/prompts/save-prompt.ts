import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Save the next immutable version of a prompt; `latest` and the given labels move to it",
  tags: ["prompts"],
  body: Prompts.SavePromptBody,
  response: Prompts.PromptDetail,
  status: 201,
  run: ({ body }, { deps, principal }) => Prompts.savePrompt(deps, principal, body),
});
