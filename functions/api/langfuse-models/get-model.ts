import * as Langfuse from "@core/langfuse";
import * as Pricing from "@core/pricing";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse-compatible model read: a custom or built-in price; 404 for an unknown id",
  tags: ["model-prices"],
  path: z.object({ id: z.string().min(1).max(300) }),
  response: Langfuse.LfModel,
  run: async ({ path }, { deps, principal }) =>
    Langfuse.lfModel(await Pricing.getPrice(deps, principal.projectId, path.id)),
});
