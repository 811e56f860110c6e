import { passkey } from "@better-auth/passkey";
import { floorHandler } from "./base";

export const handler = floorHandler([passkey()]);
