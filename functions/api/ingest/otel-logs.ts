import * as Ingest from "@core/ingest";
import { Reply } from "../../_lib/http-core";
import { keyHttp } from "../../_lib/key-http";
import { blobs } from "../../_runtime/ports/blobs";
import { queues } from "../../_runtime/ports/queues";

const isProtobuf = (contentType: string | undefined) => /protobuf/i.test(contentType ?? "");

/**
 * OTLP/HTTP logs export (`/v1/otel/v1/logs`): the GenAI event records some instrumentations send as logs
 * (the messages of a model call) become the input and output of their span's observation, through the batch
 * path. Other records are refused in `partialSuccess` (docs/integrations.md).
 */
export const handler = keyHttp({
  role: "MEMBER",
  uses: [blobs, queues],
  summary:
    "OTLP/HTTP logs export (protobuf or JSON); gen_ai.* event records become the input and output of their span's observation",
  tags: ["ingest"],
  rateLimit: "ingest",
  rawBody: true,
  run: async ({ rawBody, headers }, { deps, principal }) => {
    const contentType = headers["content-type"];
    const records = Ingest.Otel.decodeOtlpLogs(rawBody, contentType);
    const { events, refused } = Ingest.Otel.otlpLogsToEvents(records);
    const result = events.length
      ? await Ingest.acceptBatch(deps, principal, { batch: events, sdk: Ingest.sdkIdentityOf({ headers }) })
      : { errors: [] };
    const rejected = refused + result.errors.length;
    if (isProtobuf(contentType)) return new Reply(200, new Uint8Array(0), { "content-type": "application/x-protobuf" });
    const message = [
      refused ? `${refused} records are not GenAI events of a span` : "",
      ...result.errors.map((e) => `${e.id}: ${e.message}`),
    ]
      .filter(Boolean)
      .slice(0, 10)
      .join("; ");
    return new Reply(200, rejected ? { partialSuccess: { rejectedLogRecords: rejected, errorMessage: message } } : {});
  },
});
