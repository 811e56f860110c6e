import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary:
    "Langfuse: dataset items by page, narrowed to a dataset and to the trace or observation they were copied from",
  tags: ["datasets"],
  query: Langfuse.ListItemsQuery,
  response: Langfuse.paged(Langfuse.LangfuseDatasetItem),
  run: async ({ query }, { deps, principal }) => {
    const { datasetName, sourceTraceId, sourceObservationId } = query;
    const { rows, total } = await Datasets.listItems(deps, principal.projectId, {
      datasetName,
      sourceTraceId,
      sourceObservationId,
      ...Langfuse.offsetOf(query),
    });
    return Langfuse.pageFrom(query, rows.map(Langfuse.itemView), total);
  },
});
