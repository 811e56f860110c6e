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
    const data = [];
    // One dataset at a time: each may page through up to 10,000 items.
    for (const row of rows) {
      const items = await Langfuse.allItemsOf(deps, principal.projectId, row.name);
      const runs = await Langfuse.runNamesOf(deps, principal.projectId, row.name);
      data.push({ ...Langfuse.datasetView(row), items: items.map((i) => i.id), runs });
    }
    return Langfuse.pageFrom(query, data, total);
  },
});
