import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Declare the item schema (JSON-Schema subset: input.required, input.properties {type, enum}, expectedOutput.type); stored items are not re-validated",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.ItemSchema,
  response: Datasets.SchemaView,
  run: ({ path, body }, { deps, principal }) => Datasets.declareSchema(deps, principal, path.name, body),
});
