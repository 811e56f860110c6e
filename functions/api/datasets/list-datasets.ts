import * as Datasets from "@core/datasets";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "List the project's datasets by name, with item counts",
  tags: ["datasets"],
  query: Datasets.ListDatasetsQuery,
  response: z.object({ data: z.array(Datasets.DatasetSummary), nextCursor: z.string().nullable() }),
  run: ({ query }, { deps, principal }) => Datasets.listDatasets(deps, principal.projectId, query),
});
