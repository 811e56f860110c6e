import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "How many current items would fail the declared schema, with the first 100 failures",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  response: Datasets.SchemaCheck,
  run: ({ path }, { deps, principal }) => Datasets.checkSchema(deps, principal.projectId, path.name),
});
