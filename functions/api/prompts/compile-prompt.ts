import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary:
    "Compile a prompt (channel `production` unless told): includes expanded, variables substituted, placeholder slots filled or removed",
  tags: ["prompts"],
  path: Prompts.PromptPath,
  body: Prompts.CompileBody.optional(),
  response: Prompts.CompiledPrompt,
  run: ({ path, body }, { deps, principal }) =>
    Prompts.compilePrompt(deps, principal.projectId, path.name, body ?? Prompts.CompileBody.parse({})),
});
