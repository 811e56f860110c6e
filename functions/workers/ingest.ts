import middy from "@middy/core";
import type { Context, SQSBatchResponse, SQSEvent } from "aws-lambda";
import * as Ingest from "@core/ingest";
import { getDeps } from "../_runtime/deps";

/**
 * Drains the ingest queue (SQS event source with partial batch responses, or the
 * local queue): the whole delivery is written together, failures are reported per message.
 */
export const handler = middy<SQSEvent, SQSBatchResponse, Error, Context>().handler(async (event) => {
  const deps = await getDeps();
  const failed = await Ingest.handleIngestMessages(
    deps,
    event.Records.map((r) => ({ messageId: r.messageId, body: r.body, receiveCount: Number(r.attributes.ApproximateReceiveCount ?? 1) })),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
});
