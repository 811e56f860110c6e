import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse: one dataset item by id",
  tags: ["datasets"],
  path: Langfuse.ItemPath,
  response: Langfuse.LangfuseDatasetItem,
  run: async ({ path }, { deps, principal }) =>
    Langfuse.itemView(await Datasets.getItem(deps, principal.projectId, path.id)),
});
