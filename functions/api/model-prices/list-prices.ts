import * as Pricing from "@core/pricing";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Model prices in match order: this project's custom prices (they win), then the built-in registry",
  tags: ["model-prices"],
  run: (_input, { deps, principal }) => Pricing.listPrices(deps, principal.projectId),
});
