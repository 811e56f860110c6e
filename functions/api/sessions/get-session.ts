import * as Traces from "@core/traces";
import * as z from "zod";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "One session: its traces in time order, trace count and cost roll-up; `?groupBy=sessionPath` groups the traces by path segments",
  tags: ["sessions"],
  path: z.object({ id: z.string().min(1) }),
  query: Traces.GetSessionQuery,
  response: Traces.SessionDetail,
  run: ({ path, query }, { deps, principal }) => Traces.getSession(deps, principal.projectId, path.id, query),
});
