import * as Prompts from "@core/prompts";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "List the project's prompts by name; filter by name, folder, label or type",
  tags: ["prompts"],
  query: Prompts.ListPromptsQuery,
  response: z.object({ data: z.array(Prompts.PromptSummary), nextCursor: z.string().nullable() }),
  run: ({ query }, { deps, principal }) => Prompts.listPrompts(deps, principal.projectId, query),
});
