import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse: delete a dataset item (run items that linked it stay)",
  tags: ["datasets"],
  path: Langfuse.ItemPath,
  response: Langfuse.DeletedMessage("item"),
  run: async ({ path }, { deps, principal }) => {
    await Datasets.deleteItem(deps, principal, path.id);
    return { message: "Dataset item successfully deleted" as const };
  },
});
