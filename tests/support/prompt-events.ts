import { outboxEvents } from "@core/audit/audit.sql";
import { and, asc, eq, like } from "drizzle-orm";
import type { TestApp } from "./local-app";

/** The prompt events in a project's outbox, oldest first. */
export async function promptEvents(app: TestApp, projectId: string) {
  const rows = await app.deps.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.projectId, projectId), like(outboxEvents.type, "prompt.%")))
    .orderBy(asc(outboxEvents.seq));
  return rows.map((r) => ({ type: r.type, payload: r.payload as Record<string, unknown> }));
}
