import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { AppError } from "../platform/errors";
import type { Comparison } from "./datasets.schema";
import { datasetRunItems, datasetRuns } from "./datasets.sql";
import { itemPage, itemView } from "./get-dataset";
import { findDataset } from "./lookup";
import { runScores } from "./run-scores";

/**
 * The comparison matrix of runs over a dataset: one row per item (a page, in item order), one cell
 * per run with the item's trace and the mean of each numeric score on it, and per run the means over
 * all its traces. Scores are read in one pass for every trace of the compared runs.
 * @throws not_found for an unknown dataset or run.
 */
export async function compareRuns(
  deps: Pick<Deps, "db" | "telemetry">,
  projectId: string,
  name: string,
  query: { runs: string[]; limit: number; cursor?: string },
): Promise<Comparison> {
  const dataset = await findDataset(deps.db, projectId, name);
  const runs = await deps.db
    .select()
    .from(datasetRuns)
    .where(and(eq(datasetRuns.datasetId, dataset.id), inArray(datasetRuns.name, query.runs)));
  const byName = new Map(runs.map((r) => [r.name, r]));
  const missing = query.runs.find((r) => !byName.has(r));
  if (missing !== undefined) throw new AppError("not_found", `run '${missing}' of dataset '${name}' not found`);
  const ordered = query.runs.map((r) => byName.get(r)!);

  const [page, links] = await Promise.all([
    itemPage(deps.db, dataset.id, query),
    deps.db
      .select()
      .from(datasetRunItems)
      .where(
        inArray(
          datasetRunItems.runId,
          ordered.map((r) => r.id),
        ),
      ),
  ]);
  const scores = await runScores(
    deps,
    projectId,
    links.map((l) => l.traceId),
  );
  const linkOf = new Map(links.map((l) => [`${l.runId}\u0000${l.datasetItemId}`, l]));
  const tracesOf = (runId: string) => links.filter((l) => l.runId === runId).map((l) => l.traceId);

  return {
    datasetName: name,
    runs: ordered.map((r) => {
      const traces = tracesOf(r.id);
      return {
        name: r.name,
        version: r.version,
        createdAt: r.createdAt.toISOString(),
        itemCount: traces.length,
        scores: scores.means(traces),
      };
    }),
    items: page.rows.map((item) => {
      const view = itemView(item);
      return {
        id: view.id,
        input: view.input,
        expectedOutput: view.expectedOutput,
        runs: ordered.map((r) => {
          const link = linkOf.get(`${r.id}\u0000${item.id}`);
          return link
            ? {
                traceId: link.traceId,
                observationId: link.observationId,
                scores: scores.perTrace.get(link.traceId) ?? {},
              }
            : null;
        }),
      };
    }),
    nextCursor: page.nextCursor,
  };
}
