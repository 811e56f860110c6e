import * as Datasets from "@core/datasets";
import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse: create a dataset item, or update the item of that id (fields not given keep their values)",
  tags: ["datasets"],
  body: Langfuse.CreateItemBody,
  response: Langfuse.LangfuseDatasetItem,
  run: async ({ body }, { deps, principal }) =>
    Langfuse.itemView(await Datasets.upsertItem(deps, principal, Langfuse.upsertInput(body))),
});
