import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Delete a prompt with every version and label",
  tags: ["prompts"],
  path: Prompts.PromptPath,
  response: Prompts.DeletedPrompt,
  run: ({ path }, { deps, principal }) => Prompts.deletePrompt(deps, principal, path.name),
});
