import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Register (or replace) the dataset's remote runner; the signing secret is returned in this answer only",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.PutRunnerBody,
  response: Datasets.RunnerRegistered,
  run: ({ path, body }, { deps, principal }) => Datasets.registerRunner(deps, principal, path.name, body),
});
