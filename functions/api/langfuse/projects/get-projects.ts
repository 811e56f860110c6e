import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse-compatible: the project of the calling key, with its organization and retention",
  tags: ["projects"],
  response: Langfuse.LangfuseProjects.Projects,
  run: (_input, { deps, principal }) => Langfuse.LangfuseProjects.keyProject(deps, principal.projectId),
});
