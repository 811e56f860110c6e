import * as Ingest from "@core/ingest";
import { Reply } from "../../_lib/http-core";
import { keyHttp } from "../../_lib/key-http";
import { blobs } from "../../_runtime/ports/blobs";
import { queues } from "../../_runtime/ports/queues";

/** Serves `POST /v1/ingest` and its Langfuse alias `POST /api/public/ingestion`. */
export const handler = keyHttp({
  role: "MEMBER",
  uses: [blobs, queues],
  summary:
    "Ingest a batch of trace, observation and score events; 207 with per-event results once the batch is stored and queued",
  tags: ["ingest"],
  rateLimit: "ingest",
  body: Ingest.IngestRequest,
  // One bad event never rejects the batch: NUL in ids and nesting are checked per event.
  checksItemsItself: true,
  response: Ingest.IngestResponse,
  status: 207,
  run: async ({ body, headers }, { deps, principal }) => {
    const sdk = Ingest.sdkIdentityOf({ sdk: body.sdk, metadata: body.metadata, headers });
    return new Reply(207, await Ingest.acceptBatch(deps, principal, { batch: body.batch, sdk }));
  },
});
