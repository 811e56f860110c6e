import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Create an empty dataset; 409 when the name exists",
  tags: ["datasets"],
  body: Datasets.CreateDatasetBody,
  response: Datasets.DatasetDetail,
  status: 201,
  run: ({ body }, { deps, principal }) => Datasets.createDataset(deps, principal, body),
});
