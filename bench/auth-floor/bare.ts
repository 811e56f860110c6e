import { floorHandler } from "./base";

export const handler = floorHandler([]);
