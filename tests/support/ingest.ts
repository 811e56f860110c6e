import { randomUUID } from "node:crypto";
import type { TestApp } from "./local-app";

/** An ingest event in Langfuse's format. */
export const ev = (type: string, body: Record<string, unknown>, timestamp = new Date().toISOString()) => ({
  id: randomUUID(),
  type,
  timestamp,
  body,
});

/** Posts a batch, asserts the 207, runs the worker over what is queued, and returns the answer. */
export async function ingest(
  app: TestApp,
  batch: unknown[],
  options: { drain?: boolean; key?: { publicKey: string; secretKey: string }; path?: string } = {},
) {
  const res = await app.call("POST", options.path ?? "/v1/ingest", { body: { batch }, key: options.key });
  if (res.status !== 207) throw new Error(`ingest answered ${res.status}: ${JSON.stringify(res.body)}`);
  if (options.drain ?? true) await app.drainQueues();
  return res.body as {
    successes: { id: string; status: number }[];
    errors: { id: string; status: number; message: string }[];
  };
}

export const at = (ms: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, 0) + ms).toISOString();

/**
 * Metadata that makes a batch too large to ride in its queue message, so it takes the claim check through the
 * blob store (docs/ingest.md, "Decisions"): for tests of what happens to stored batch objects.
 */
export const pastInline = () => ({ padding: "x".repeat(200 * 1024) });
