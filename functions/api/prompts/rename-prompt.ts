import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Rename a prompt; includes written with the old name then fail to resolve (422)",
  tags: ["prompts"],
  path: Prompts.PromptPath,
  body: Prompts.RenamePromptBody,
  response: Prompts.PromptDetail,
  run: ({ path, body }, { deps, principal }) => Prompts.renamePrompt(deps, principal, path.name, body.name),
});
