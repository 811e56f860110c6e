import type { JobQueue, OutgoingMessage, QueueStats, ReceivedMessage } from "../../platform/ports";
import { type AwsCredentialSource, awsJsonCall, serviceEndpoint } from "./signed-fetch";

export interface SqsJobQueueOptions {
  queueUrl: string;
  region: string;
  /** An SQS-compatible endpoint (LocalStack, fauxqs); AWS's regional endpoint when absent. */
  endpoint?: string;
  /** On Lambda, the function role's, from its environment (functions/_runtime/ports/aws-options.ts). */
  credentials: AwsCredentialSource;
}

/** A message as SQS's JSON protocol answers it (the fields we read). */
interface SqsMessage {
  MessageId?: string;
  Body?: string;
  ReceiptHandle?: string;
  Attributes?: Record<string, string>;
  MessageAttributes?: Record<string, { DataType?: string; StringValue?: string }>;
}

/** SendMessageBatch and ReceiveMessage both stop at ten messages per call. */
const SQS_BATCH = 10;

/**
 * A `JobQueue` on an SQS standard queue. Redrive to the dead-letter queue is the
 * queue's own RedrivePolicy, set by the stack, not by this adapter. Attributes
 * travel as String message attributes (SQS allows ten per message, none empty). Spoken over SQS's JSON protocol
 * with Signature V4 (signed-fetch.ts), not the AWS SDK, which would be a quarter of a megabyte in every bundle that
 * sends a job (docs/deployment.md, "What ships").
 */
export class SqsJobQueue implements JobQueue {
  private readonly call: <T>(operation: string, input: Record<string, unknown>) => Promise<T>;
  private readonly queueUrl: string;

  constructor(options: SqsJobQueueOptions) {
    this.queueUrl = options.queueUrl;
    const endpoint = options.endpoint ?? serviceEndpoint("sqs", options.region);
    this.call = awsJsonCall({
      service: "sqs",
      region: options.region,
      credentials: options.credentials,
      endpoint,
      version: "1.0",
      targetPrefix: "AmazonSQS",
    });
  }

  /** @throws Error when SQS refused any entry; earlier chunks stay sent (at-least-once). */
  async send(messages: OutgoingMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += SQS_BATCH) {
      const chunk = messages.slice(i, i + SQS_BATCH);
      const res = await this.call<{ Failed?: { Code?: string; Message?: string }[] }>("SendMessageBatch", {
        QueueUrl: this.queueUrl,
        Entries: chunk.map((m, j) => ({
          Id: String(j),
          MessageBody: m.body,
          MessageAttributes: toMessageAttributes(m.attributes),
          ...(m.delaySeconds ? { DelaySeconds: Math.min(900, Math.max(0, Math.round(m.delaySeconds))) } : {}),
        })),
      });
      // A batch call succeeds as a whole even when entries fail; the caller must know.
      const failed = res.Failed ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `SQS SendMessageBatch failed for ${failed.length} of ${chunk.length} message(s); first: ${first?.Code}: ${first?.Message}`,
        );
      }
    }
  }

  async receive(options: {
    max: number;
    visibilitySeconds?: number;
    waitSeconds?: number;
  }): Promise<ReceivedMessage[]> {
    const out: ReceivedMessage[] = [];
    let waitSeconds = options.waitSeconds ?? 0;
    // Only the first call long-polls; further calls top up to `max` with what is already there.
    while (out.length < options.max) {
      const want = Math.min(SQS_BATCH, options.max - out.length);
      const res = await this.call<{ Messages?: SqsMessage[] }>("ReceiveMessage", {
        QueueUrl: this.queueUrl,
        MaxNumberOfMessages: want,
        ...(options.visibilitySeconds !== undefined ? { VisibilityTimeout: options.visibilitySeconds } : {}),
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: ["ApproximateReceiveCount", "SentTimestamp"],
        MessageAttributeNames: ["All"],
      });
      const got = (res.Messages ?? []).map(toReceived);
      out.push(...got);
      if (got.length < want) break;
      waitSeconds = 0;
    }
    return out;
  }

  async ack(receipt: string): Promise<void> {
    await this.call("DeleteMessage", { QueueUrl: this.queueUrl, ReceiptHandle: receipt });
  }

  async release(receipt: string, delaySeconds: number): Promise<void> {
    await this.call("ChangeMessageVisibility", {
      QueueUrl: this.queueUrl,
      ReceiptHandle: receipt,
      VisibilityTimeout: delaySeconds,
    });
  }

  async stats(): Promise<QueueStats> {
    const res = await this.call<{ Attributes?: Record<string, string> }>("GetQueueAttributes", {
      QueueUrl: this.queueUrl,
      AttributeNames: ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"],
    });
    return {
      depth: Number(res.Attributes?.ApproximateNumberOfMessages ?? 0),
      inFlight: Number(res.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0),
    };
  }
}

function toMessageAttributes(attributes: Record<string, string> | undefined) {
  if (!attributes) return undefined;
  const entries = Object.entries(attributes);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([k, v]) => [k, { DataType: "String", StringValue: v }]));
}

function toReceived(m: SqsMessage): ReceivedMessage {
  const attributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.MessageAttributes ?? {}))
    if (v.StringValue !== undefined) attributes[k] = v.StringValue;
  return {
    id: m.MessageId ?? "",
    body: m.Body ?? "",
    attributes,
    receiveCount: Number(m.Attributes?.ApproximateReceiveCount ?? 1),
    receipt: m.ReceiptHandle ?? "",
    sentAt: new Date(Number(m.Attributes?.SentTimestamp ?? 0)),
  };
}
