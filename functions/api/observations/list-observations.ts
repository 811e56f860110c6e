import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary:
    "Span explorer: every observation of the project as a flat, filterable, sortable table; `scores.<name>` filter columns",
  tags: ["observations"],
  query: Traces.ListObservationsQuery,
  response: Traces.ObservationPage,
  run: ({ query }, { deps, principal }) => Traces.listObservations(deps, principal.projectId, query),
});
