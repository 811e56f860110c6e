import * as Ingest from "@core/ingest";
import { Reply } from "../../_lib/http-core";
import { keyHttp } from "../../_lib/key-http";
import { blobs } from "../../_runtime/ports/blobs";
import { queues } from "../../_runtime/ports/queues";

const isProtobuf = (contentType: string | undefined) => /protobuf/i.test(contentType ?? "");

/**
 * OTLP/HTTP trace export (`/v1/otel/v1/traces` and the Langfuse alias): protobuf
 * or JSON, gzip allowed. Spans become ingest events and take the batch path, so
 * masking, sampling and the claim check apply alike. The answer is an
 * ExportTraceServiceResponse in the request's encoding; rejected spans are
 * reported as a partial success.
 */
export const handler = keyHttp({
  role: "MEMBER",
  uses: [blobs, queues],
  summary:
    "OTLP/HTTP trace export (protobuf or JSON); gen_ai.* and langfuse.* attributes map onto traces, observations, usage and cost",
  tags: ["ingest"],
  rateLimit: "ingest",
  rawBody: true,
  run: async ({ rawBody, headers }, { deps, principal }) => {
    const contentType = headers["content-type"];
    const request = Ingest.Otel.decodeOtlpTraces(rawBody, contentType);
    const events = Ingest.Otel.otlpToEvents(request);
    const sdk = Ingest.sdkIdentityOf({ headers }) ?? Ingest.Otel.sdkOf(request);
    const result = await Ingest.acceptBatch(deps, principal, { batch: events, sdk });
    if (isProtobuf(contentType)) return new Reply(200, new Uint8Array(0), { "content-type": "application/x-protobuf" });
    const rejected = result.errors.length;
    return new Reply(
      200,
      rejected
        ? {
            partialSuccess: {
              rejectedSpans: rejected,
              errorMessage: result.errors
                .map((e) => `${e.id}: ${e.message}`)
                .slice(0, 10)
                .join("; "),
            },
          }
        : {},
    );
  },
});
