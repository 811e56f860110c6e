import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Import CSV rows as items by a column mapping; a mapped column absent from the header fails the whole import (400 csv_missing_column)",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.CsvImportBody,
  response: Datasets.InsertResult,
  run: ({ path, body }, { deps, principal }) => Datasets.importCsv(deps, principal.projectId, path.name, body),
});
