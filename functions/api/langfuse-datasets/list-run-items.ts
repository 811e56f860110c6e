import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse: a run's items by page (the dataset named by its id)",
  tags: ["datasets"],
  query: Langfuse.ListRunItemsQuery,
  response: Langfuse.paged(Langfuse.LangfuseDatasetRunItem),
  run: async ({ query }, { deps, principal }) => {
    const { rows, total } = await Datasets.listRunItems(deps, principal.projectId, {
      datasetId: query.datasetId,
      runName: query.runName,
      ...Langfuse.offsetOf(query),
    });
    return Langfuse.pageFrom(query, rows, total);
  },
});
