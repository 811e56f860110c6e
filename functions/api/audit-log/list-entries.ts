import * as Audit from "@core/audit";
import { Limit } from "@core/platform/pagination";
import * as z from "zod";
import { http } from "../../_lib/http";

const Entry = z.object({
  id: z.string(),
  actor: z.object({ type: z.string(), id: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  details: z.unknown(),
  createdAt: z.string(),
});

export const handler = http({
  role: "ADMIN",
  summary: "Audit log of configuration changes in this project, newest first",
  tags: ["audit-log"],
  query: z.object({
    limit: Limit,
    cursor: z.string().optional(),
    action: z.string().optional(),
    targetType: z.string().optional(),
  }),
  response: z.object({ data: z.array(Entry), nextCursor: z.string().nullable() }),
  run: ({ query }, { deps, principal }) => Audit.listAuditEntries(deps, principal.projectId, query),
});
