import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

// The legacy SDK's create (docs/langfuse.md, "Datasets"): the v2 create's use case, answered with Langfuse's v1 shape.
export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse (v1): create or update a dataset by name; the answer's items and runs are always empty",
  tags: ["datasets"],
  body: Langfuse.CreateDatasetBody,
  response: Langfuse.LegacyCreatedDataset,
  run: async ({ body }, { deps, principal }) => ({
    ...Langfuse.datasetView(await Datasets.saveDataset(deps, principal, Langfuse.saveDatasetInput(body))),
    items: [],
    runs: [],
  }),
});
