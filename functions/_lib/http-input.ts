import { gunzipSync } from "node:zlib";
import { invalid, payloadTooLarge } from "@core/platform/errors";
import {
  DEPTH_MESSAGE,
  jsonTextExceedsDepth,
  NUL_MESSAGE,
  nulPath,
  parseWellFormedJson,
} from "@core/platform/storable-text";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type * as z from "zod";

/** The decoded request body: bytes after base64 and content-encoding, capped at `limit`. */
export function bodyBytes(event: APIGatewayProxyEventV2, limit: number): Buffer {
  if (!event.body) return Buffer.alloc(0);
  const raw = Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8");
  if (raw.length > limit) throw payloadTooLarge(limit);
  const encoding = event.headers["content-encoding"]?.trim().toLowerCase();
  if (!encoding || encoding === "identity") return raw;
  if (encoding !== "gzip") throw invalid(`Unsupported content-encoding '${encoding}'`);
  try {
    // maxOutputLength stops a small gzip bomb from inflating past the limit.
    return gunzipSync(raw, { maxOutputLength: limit });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw payloadTooLarge(limit);
    throw invalid("Request body is not valid gzip");
  }
}

/** The JSON body, lone surrogates replaced by U+FFFD; 400 when it nests deeper than MAX_JSON_DEPTH (with `checkDepth`). */
export function parseJsonBody(bytes: Buffer, options: { checkDepth: boolean } = { checkDepth: true }): unknown {
  if (bytes.length === 0) return undefined;
  const text = bytes.toString("utf8");
  if (options.checkDepth && jsonTextExceedsDepth(text)) throw invalid(`Invalid body: ${DEPTH_MESSAGE}`);
  try {
    return parseWellFormedJson(text);
  } catch {
    throw invalid("Request body is not valid JSON");
  }
}

/** Query parameters as an object; a repeated key becomes an array. */
export function queryObject(event: APIGatewayProxyEventV2): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(event.rawQueryString ?? "")) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Parses one part of the request; failures are 400 `invalid_input` with zod's issues. */
export function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, part: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first?.path.length ? `${part}.${first.path.join(".")}` : part;
    throw invalid(`Invalid ${where}: ${first?.message ?? "invalid value"}`, result.error.issues);
  }
  return result.data;
}

/** 400 when a part of the request carries a NUL character (see `nulPath`). */
export function refuseNul(value: unknown, part: string): void {
  const at = nulPath(value);
  if (at !== null) throw invalid(`Invalid ${at ? `${part}.${at}` : part}: ${NUL_MESSAGE}`);
}
