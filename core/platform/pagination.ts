import * as z from "zod";
import { invalid } from "./errors";

/** `?limit=` of every list endpoint: default 50, at most 1000. */
export const Limit = z.coerce.number().int().min(1).max(1000).default(50);

/** Cursors are opaque to clients: base64url of a small JSON position. */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** @throws invalid_input when the cursor was not made by `encodeCursor` with this shape. */
export function decodeCursor<T>(cursor: string, shape: z.ZodType<T>): T {
  try {
    return shape.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw invalid("Invalid cursor");
  }
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}
