import type { Connection } from "./connection.js";
import { request, type Transport } from "./http.js";

/**
 * Helpers for a customer-operated dataset runner: read the signed `dataset.run.requested` trigger
 * (verify it first with verifySignature), fetch the dataset's items, report each item's trace.
 */

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

export interface RunItemLink {
  datasetName: string;
  runName: string;
  datasetItemId: string;
  traceId: string;
  observationId?: string;
}

const decoder = new TextDecoder();

/** The trigger in a verified body. @throws Error when the body is not a `dataset.run.requested` trigger. */
export function parseTrigger(rawBody: string | Uint8Array): RunTrigger {
  const body = JSON.parse(typeof rawBody === "string" ? rawBody : decoder.decode(rawBody)) as RunTrigger;
  if (body?.event !== "dataset.run.requested" || typeof body.itemsUrl !== "string" || typeof body.runName !== "string")
    throw new Error("Not a dataset.run.requested trigger");
  return body;
}

/** Every item of the dataset at `itemsUrl` (a trigger's, or `/v1/datasets/<name>`), following the pages in order. */
export async function fetchItems(conn: Connection, itemsUrl: string, transport?: Transport): Promise<DatasetItem[]> {
  const items: DatasetItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: DatasetItem[]; nextCursor: string | null } = await request(
      conn,
      "GET",
      `${itemsUrl}?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      undefined,
      transport,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Links one item to the trace the task produced for it (`POST /v1/dataset-run-items`); the run is created on first use. */
export function reportRunItem(conn: Connection, link: RunItemLink, transport?: Transport) {
  return request(conn, "POST", "/v1/dataset-run-items", link, transport);
}
