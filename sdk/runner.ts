import { createHmac, timingSafeEqual } from "node:crypto";
import { request, type Connection } from "./client";

/**
 * Helpers for a customer-operated dataset runner: verify the signed `dataset.run.requested` trigger,
 * fetch the dataset's items, report each item's trace. See docs/runner.md.
 */

export const SIGNATURE_HEADER = "x-service-signature";
export const TIMESTAMP_HEADER = "x-service-timestamp";

export interface RunTrigger {
  event: "dataset.run.requested";
  projectId: string;
  dataset: string;
  runName: string;
  version: string | null;
  itemCount: number;
  /** A path (`/v1/datasets/<name>`): resolve it against the service address. */
  itemsUrl: string;
  resultsUrl: string;
}

export interface DatasetItem {
  id: string;
  input: unknown;
  expectedOutput: unknown;
  metadata: unknown;
  createdAt: string;
}

/**
 * True when `signature` is the lowercase hex HMAC-SHA256 of `<timestamp>.<rawBody>` keyed with the
 * runner's secret, and the timestamp (Unix seconds) is within `toleranceSeconds` (300) of now.
 * Pass the body exactly as received: re-serialised JSON does not verify.
 */
export function verifySignature(
  secret: string,
  timestamp: string | number | undefined | null,
  rawBody: string | Uint8Array,
  signature: string | undefined | null,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  if (!secret || timestamp === undefined || timestamp === null || !signature) return false;
  const ts = typeof timestamp === "number" ? timestamp : /^\d+$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isSafeInteger(ts)) return false;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - ts) > (options.toleranceSeconds ?? 300)) return false;
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  const expected = Buffer.from(createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex"));
  const given = Buffer.from(signature.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The trigger in a verified body. @throws Error when the body is not a `dataset.run.requested` trigger. */
export function parseTrigger(rawBody: string | Uint8Array): RunTrigger {
  const body = JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8")) as RunTrigger;
  if (body?.event !== "dataset.run.requested" || typeof body.itemsUrl !== "string" || typeof body.runName !== "string") throw new Error("Not a dataset.run.requested trigger");
  return body;
}

/** Every item of the dataset at `itemsUrl` (the trigger's), following the pages in order. */
export async function fetchItems(conn: Connection, itemsUrl: string): Promise<DatasetItem[]> {
  const items: DatasetItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: DatasetItem[]; nextCursor: string | null } = await request(conn, "GET", `${itemsUrl}?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Links one item to the trace the task produced for it (`POST /v1/dataset-run-items`). */
export function reportRunItem(conn: Connection, link: { datasetName: string; runName: string; datasetItemId: string; traceId: string; observationId?: string }) {
  return request(conn, "POST", "/v1/dataset-run-items", link);
}
