import { randomBytes, randomUUID } from "node:crypto";
import type { Ids } from "../../platform/ports";

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  token: (bytes) => randomBytes(bytes).toString("base64url"),
};
