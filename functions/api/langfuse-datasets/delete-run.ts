import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse: delete a dataset run and its run items (their traces and scores stay)",
  tags: ["datasets"],
  path: Langfuse.RunPath,
  response: Langfuse.DeletedMessage("run"),
  run: async ({ path }, { deps, principal }) => {
    await Datasets.deleteRun(deps, principal, path.datasetName, path.runName);
    return { message: "Dataset run successfully deleted" as const };
  },
});
