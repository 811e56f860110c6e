import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse (v1): the project's datasets, newest first, by page, each with its item ids and run names",
  tags: ["datasets"],
  query: Langfuse.PageQuery,
  response: Langfuse.paged(Langfuse.LegacyDatasetSummary),
  run: async ({ query }, { deps, principal }) => {
    const { rows, total } = await Datasets.listDatasetPage(deps, principal.projectId, Langfuse.offsetOf(query));
    return Langfuse.pageFrom(query, await Langfuse.legacySummaries(deps, rows), total);
  },
});
