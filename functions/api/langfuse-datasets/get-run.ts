import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse: a dataset run with its run items",
  tags: ["datasets"],
  path: Langfuse.RunPath,
  response: Langfuse.LangfuseDatasetRunWithItems,
  run: async ({ path }, { deps, principal }) =>
    Langfuse.runWithItemsView(await Datasets.getRunRecord(deps, principal.projectId, path.datasetName, path.runName)),
});
