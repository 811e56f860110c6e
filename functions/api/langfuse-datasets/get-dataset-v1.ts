import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse (v1): one dataset by name with all its items (at most 10,000) and the names of its runs",
  tags: ["datasets"],
  path: Langfuse.DatasetNamePath,
  response: Langfuse.LegacyDataset,
  run: async ({ path }, { deps, principal }) => {
    const dataset = await Datasets.findDataset(deps.db, principal.projectId, path.datasetName);
    const [items, runs] = await Promise.all([
      Langfuse.allItemsOf(deps, principal.projectId, dataset.name),
      Langfuse.runNamesOf(deps, dataset.id),
    ]);
    return { ...Langfuse.datasetView(dataset), items, runs };
  },
});
