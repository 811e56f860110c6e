import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse: one dataset by name (its items are read from /api/public/dataset-items)",
  tags: ["datasets"],
  path: Langfuse.DatasetNamePath,
  response: Langfuse.LangfuseDataset,
  run: async ({ path }, { deps, principal }) =>
    Langfuse.datasetView(await Datasets.findDataset(deps.db, principal.projectId, path.datasetName)),
});
