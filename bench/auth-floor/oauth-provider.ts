import { mcp } from "@better-auth/mcp";
import { jwt } from "better-auth/plugins/jwt";
import { floorHandler } from "./base";

export const handler = floorHandler([
  jwt(),
  mcp({ loginPage: "/sign-in", consentPage: "/consent", resource: "https://example.com/v1/mcp" }),
]);
