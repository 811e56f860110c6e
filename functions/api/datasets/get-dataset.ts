import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary:
    "A dataset with its schema, runner (last status and error, never the secret), runs and items in insertion order (pages of ?limit= up to 1000, ?cursor=): the itemsUrl of remote runs",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  query: Datasets.DatasetDetailQuery,
  response: Datasets.DatasetDetail,
  run: ({ path, query }, { deps, principal }) => Datasets.getDataset(deps, principal.projectId, path.name, query),
});
