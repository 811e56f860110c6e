import * as Langfuse from "@core/langfuse";
import * as Prompts from "@core/prompts";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse: prompts by name with their versions and labels, by page (no prompt carries tags here)",
  tags: ["prompts"],
  query: Langfuse.ListPromptsQuery,
  response: Langfuse.paged(Langfuse.LangfusePromptMeta),
  run: async ({ query }, { deps, principal }) => {
    if (query.tag !== undefined) return Langfuse.pageFrom(query, [], 0);
    const from = query.fromUpdatedAt === undefined ? undefined : new Date(query.fromUpdatedAt);
    const to = query.toUpdatedAt === undefined ? undefined : new Date(query.toUpdatedAt);
    const { rows, total } = await Prompts.listPromptMeta(deps, principal.projectId, {
      name: query.name,
      label: query.label,
      from,
      to,
      ...Langfuse.offsetOf(query),
    });
    return Langfuse.pageFrom(query, rows.map(Langfuse.promptMetaView), total);
  },
});
