import middy from "@middy/core";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import type * as z from "zod";
import { isAppError } from "@core/platform/errors";
import { getDeps } from "../_runtime/deps";
import type { DepsWith, Port, PortName } from "../_runtime/ports";

export interface JobMeta {
  messageId: string;
  /** The message as received, e.g. to dead-letter it unchanged. */
  body: string;
  receiveCount: number;
  attributes: Record<string, string>;
}

const attributesOf = (record: SQSRecord) =>
  Object.fromEntries(Object.entries(record.messageAttributes ?? {}).flatMap(([k, v]) => (v.stringValue === undefined ? [] : [[k, v.stringValue]])));

/**
 * An SQS consumer with partial batch responses. A message that fails validation,
 * or whose job fails with `invalid_input` or `not_found`, is permanent: logged and
 * acknowledged. Any other error marks just that message failed, so SQS retries it
 * and finally moves it to the dead-letter queue.
 */
export function sqsWorker<T, N extends PortName = never>(schema: z.ZodType<T>, uses: readonly Port<N>[], run: (deps: DepsWith<N>, job: T, meta: JobMeta) => Promise<void>) {
  return middy<SQSEvent, SQSBatchResponse, Error, Context>().handler(async (event) => {
    const deps = await getDeps(uses);
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      const meta = { messageId: record.messageId, body: record.body, receiveCount: Number(record.attributes.ApproximateReceiveCount ?? 1), attributes: attributesOf(record) };
      let job: T;
      try {
        job = schema.parse(JSON.parse(record.body));
      } catch (e) {
        deps.log.error("dropping malformed job", { messageId: record.messageId, error: String(e) });
        continue;
      }
      try {
        await run(deps, job, meta);
      } catch (e) {
        if (isAppError(e) && (e.code === "invalid_input" || e.code === "not_found")) {
          deps.log.warn("job failed permanently", { messageId: record.messageId, code: e.code, error: e.message });
          continue;
        }
        deps.log.error("job failed; will retry", { messageId: record.messageId, receiveCount: meta.receiveCount, error: e instanceof Error ? e.message : String(e) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
}
