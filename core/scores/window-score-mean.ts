import type { Deps } from "../platform/deps";
import { Params } from "../reads";
import { scoresOf } from "./score-analytics";

/**
 * Mean of the scores named `name` whose time is in `[from, to)`, as score analytics computes it: NUMERIC
 * values, BOOLEAN ones as 1/0, categorical ones never; null when there is none. What score alert rules
 * measure (docs/automations.md, "Alert rules").
 */
export async function windowScoreMean(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  w: { name: string; from: Date; to: Date; environment?: string },
): Promise<number | null> {
  const params = new Params({ projectId });
  const scores = scoresOf(params, w.name, {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    environment: w.environment,
    narrow: true,
  });
  const [row] = await deps.telemetry.query<{ mean: unknown }>(`SELECT avg(v) AS mean FROM (${scores})`, params.values);
  const mean = row?.mean;
  return typeof mean === "number" && Number.isFinite(mean) ? mean : null;
}
