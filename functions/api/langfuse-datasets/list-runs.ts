import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse: a dataset's runs, newest first, by page",
  tags: ["datasets"],
  path: Langfuse.DatasetNamePath,
  query: Langfuse.PageQuery,
  response: Langfuse.paged(Langfuse.LangfuseDatasetRun),
  run: async ({ path, query }, { deps, principal }) => {
    const { rows, total } = await Datasets.listRuns(
      deps,
      principal.projectId,
      path.datasetName,
      Langfuse.offsetOf(query),
    );
    return Langfuse.pageFrom(query, rows, total);
  },
});
