import * as Experiments from "@core/experiments";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary:
    "Langfuse: delete a dataset run and its run items (their traces and scores stay); 409 while Sightline still runs it",
  tags: ["datasets"],
  path: Langfuse.RunPath,
  response: Langfuse.DeletedMessage("run"),
  run: async ({ path }, { deps, principal }) => {
    await Experiments.deleteRun(deps, principal, path.datasetName, path.runName);
    return { message: "Dataset run successfully deleted" as const };
  },
});
