import type { Deps } from "../platform/deps";
import * as Pricing from "../pricing";
import * as Telemetry from "../telemetry";

type PartialRow = Telemetry.PartialRow;

/**
 * Normalises usage and computes cost for the observation rows. Model and usage
 * often arrive in different events, even different batches; when a row of these
 * batches has one but not the other, the missing half is fetched for all such
 * rows in one query per project — never a read per event.
 */
export async function resolveCosts(deps: Pick<Deps, "db" | "telemetry">, rows: readonly PartialRow[]): Promise<void> {
  const byProject = new Map<string, PartialRow[]>();
  for (const row of rows) {
    const raw = row.versioned.get("usage_raw");
    row.versioned.delete("usage_raw");
    if (raw) {
      const usage = Pricing.normalizeUsage(raw[1]);
      if (Object.keys(usage).length > 0) row.versioned.set("usage_details", [raw[0], usage]);
    }
    if (!row.versioned.has("usage_details") && !row.versioned.has("model")) continue;
    const list = byProject.get(row.projectId) ?? [];
    list.push(row);
    byProject.set(row.projectId, list);
  }
  for (const [projectId, list] of byProject) {
    const partial = list.filter((r) => r.versioned.has("usage_details") !== r.versioned.has("model"));
    const stored = new Map((await Telemetry.storedPricing(deps, projectId, partial)).map((s) => [s.id, s]));
    const custom = await Pricing.customPriceEntries(deps, projectId);
    for (const row of list) {
      const before = stored.get(row.id);
      const model =
        row.versioned.get("model") ?? (before?.stored_model ? [before.model_time, before.stored_model] : undefined);
      const usage =
        row.versioned.get("usage_details") ??
        (before && Object.keys(before.stored_usage).length > 0 ? [before.usage_time, before.stored_usage] : undefined);
      if (!model || !usage) continue;
      const match = Pricing.matchPrice(model[1] as string, custom);
      if (!match) continue;
      const { costDetails } = Pricing.computeCost(usage[1] as Record<string, number>, match.entry);
      // biome-ignore lint/complexity/useMathMinMax: the versions are timestamps as text; the later one wins.
      row.versioned.set("cost_computed", [model[0] > usage[0] ? model[0] : usage[0], costDetails]);
    }
  }
}
