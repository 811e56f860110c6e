import * as Exports from "@core/exports";
import { http, StreamReply } from "../../_lib/http";
import { streamingHandler } from "../../_lib/stream-response";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

/**
 * One route for the three tables, `table` in the query: on AWS a streamed route is a function URL of its own,
 * which sees no path parameters, so one function serves every table (docs/export.md, "On AWS").
 */
export const handler = streamingHandler(
  http({
    role: "VIEWER",
    uses: [blobs, telemetry],
    summary:
      "Export every row of the traces, observations or scores list as JSONL or CSV, streamed: `table`, `format`, and the filters of that list (GET /v1/traces, /v1/observations, /v1/scores), without limit or cursor; rows come in the table's key order (trace id, then id), not the list's orderBy",
    tags: ["exports"],
    query: Exports.ExportQuery,
    streams: {
      contentType: ["application/x-ndjson", "text/csv"],
      description:
        "One row per line (JSONL) or per CSV record (RFC 4180, a header first; nested values as JSON text), with the fields of the list's rows; `Content-Disposition` names the file",
    },
    run: async ({ query }, { deps, principal }) => {
      const filters = Exports.exportFilters(query.table, query);
      const cancel = new AbortController();
      // The first page is read now: a bad filter is a 400 before the first byte.
      const text = await Exports.exportText(deps, principal.projectId, query.table, query.format, filters, {
        signal: cancel.signal,
      });
      const file = Exports.exportFileName(query.table, query.format, deps.clock.now());
      const headers = {
        "content-type": Exports.CONTENT_TYPES[query.format],
        "content-disposition": `attachment; filename="${file}"`,
        "cache-control": "no-store",
      };
      return new StreamReply(200, headers, (gone) => {
        gone.addEventListener("abort", () => cancel.abort(), { once: true });
        return text;
      });
    },
  }),
);
