import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Link one dataset item to its trace within a run (the run is created on first use); reporting the item again replaces its trace",
  tags: ["datasets"],
  body: Datasets.RunItemBody,
  response: Datasets.RunItemRecorded,
  status: 201,
  run: ({ body }, { deps, principal }) => Datasets.recordRunItem(deps, principal, body),
});
