import middy from "@middy/core";
import type { Context, SQSBatchResponse, SQSEvent } from "aws-lambda";
import * as Ingest from "@core/ingest";
import { getDeps } from "../_runtime/deps";
import { blobs } from "../_runtime/ports/blobs";
import { queues } from "../_runtime/ports/queues";
import { telemetry } from "../_runtime/ports/telemetry";

const uses = [telemetry, blobs, queues];

/**
 * Drains the ingest queue (SQS event source with partial batch responses, or the
 * local queue): the whole delivery is written together, failures are reported per message.
 */
const drain = middy<SQSEvent, SQSBatchResponse, Error, Context>().handler(async (event) => {
  const deps = await getDeps(uses);
  const failed = await Ingest.handleIngestMessages(
    deps,
    event.Records.map((r) => ({ messageId: r.messageId, body: r.body, receiveCount: Number(r.attributes.ApproximateReceiveCount ?? 1) })),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
});

export const handler = Object.assign(drain, { ports: uses.map((p) => p.name) });
