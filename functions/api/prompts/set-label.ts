import * as Prompts from "@core/prompts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Point a label (channel) at a version of the prompt",
  tags: ["prompts"],
  path: Prompts.PromptPath,
  body: Prompts.SetLabelBody,
  response: Prompts.LabelMove,
  run: ({ path, body }, { deps, principal }) => Prompts.setLabel(deps, principal, path.name, body),
});
