import * as Pricing from "@core/pricing";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Save a project model price (USD per unit, keyed by usage key), matched by regular expression on the model name",
  tags: ["model-prices"],
  body: Pricing.ModelPriceInput,
  response: Pricing.ModelPrice,
  status: 201,
  run: ({ body }, { deps, principal }) => Pricing.upsertCustomPrice(deps, principal, body),
});
