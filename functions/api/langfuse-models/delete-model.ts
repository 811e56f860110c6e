import * as Pricing from "@core/pricing";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary:
    "Langfuse-compatible model deletion: a custom price (later observations fall back to the built-in ones); built-in ones cannot be deleted",
  tags: ["model-prices"],
  path: z.object({ id: z.string().min(1).max(300) }),
  response: z.object({ message: z.string() }),
  run: async ({ path }, { deps, principal }) => {
    await Pricing.deleteCustomPrice(deps, principal, path.id);
    return { message: "Model successfully deleted" };
  },
});
