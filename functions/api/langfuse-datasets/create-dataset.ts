import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

// Langfuse's create is a create-or-update by name (docs/langfuse.md, "Datasets"); its Dataset has no items or runs.
export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse: create a dataset, or update the description, metadata and item schema of the one of that name",
  tags: ["datasets"],
  body: Langfuse.CreateDatasetBody,
  response: Langfuse.LangfuseDataset,
  run: async ({ body }, { deps, principal }) =>
    Langfuse.datasetView(await Datasets.saveDataset(deps, principal, Langfuse.saveDatasetInput(body))),
});
