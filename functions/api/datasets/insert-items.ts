import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: `Add items ({"items": [{id?, input, expectedOutput?, metadata?}]}, at most ${Datasets.MAX_ITEMS_PER_REQUEST}) with partial acceptance: invalid ones are reported per item with index, field and message`,
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.InsertItemsBody,
  response: Datasets.InsertResult,
  run: ({ path, body }, { deps, principal }) => Datasets.insertItems(deps, principal.projectId, path.name, body.items),
});
