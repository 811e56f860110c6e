import { sso } from "@better-auth/sso";
import { floorHandler } from "./base";

export const handler = floorHandler([sso()]);
