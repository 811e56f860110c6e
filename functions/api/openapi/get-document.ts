import { http } from "../../_lib/http";
import document from "./openapi.json";

export const handler = http({
  role: "VIEWER",
  summary: "This OpenAPI 3.1 document, generated from the endpoints' zod schemas",
  tags: ["meta"],
  run: async () => document,
});
