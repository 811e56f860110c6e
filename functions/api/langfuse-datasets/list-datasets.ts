import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse: the project's datasets, newest first, by page",
  tags: ["datasets"],
  query: Langfuse.PageQuery,
  response: Langfuse.paged(Langfuse.LangfuseDataset),
  run: async ({ query }, { deps, principal }) => {
    const { rows, total } = await Datasets.listDatasetPage(deps, principal.projectId, Langfuse.offsetOf(query));
    return Langfuse.pageFrom(query, rows.map(Langfuse.datasetView), total);
  },
});
