import type { ScoreConfigView, ScoreType } from "./scores.schema";

/** A score as every path states it (docs/scores.md): the value as given, the label, the type when stated. */
export interface ScoreInput {
  name: string;
  value?: number | string | boolean | null;
  stringValue?: string | null;
  dataType?: ScoreType | null;
  configId?: string | null;
}

/** The score's type: stated, or the config's, or read off the value. */
function typeOf(score: ScoreInput, config: ScoreConfigView | null): ScoreType {
  if (score.dataType) return score.dataType;
  if (config) return config.dataType;
  if (typeof score.value === "number") return "NUMERIC";
  if (typeof score.value === "boolean") return "BOOLEAN";
  return "CATEGORICAL";
}

/**
 * Checks a score against the config that governs it: the one `configId` names, else the project's active config
 * of its name. Answers the type and config to store, or why it does not fit.
 */
export function fitScore(
  configs: readonly ScoreConfigView[],
  score: ScoreInput,
): { ok: true; dataType: ScoreType; configId: string | null } | { ok: false; error: string } {
  let config: ScoreConfigView | null = null;
  if (score.configId) {
    config = configs.find((c) => c.id === score.configId) ?? null;
    if (!config) return { ok: false, error: `configId '${score.configId}' names no score config of this project` };
    if (config.name !== score.name)
      return { ok: false, error: `Score '${score.name}' cites the config of '${config.name}'` };
    if (config.archived) return { ok: false, error: `Score config '${config.name}' is archived` };
  } else config = configs.find((c) => c.name === score.name && !c.archived) ?? null;
  const dataType = typeOf(score, config);
  if (!config) return { ok: true, dataType, configId: null };
  const prefix = `Score '${score.name}' does not fit its config`;
  if (dataType !== config.dataType) return { ok: false, error: `${prefix}: it is ${config.dataType}, not ${dataType}` };
  if (dataType === "NUMERIC") {
    if (typeof score.value !== "number")
      return { ok: false, error: `${prefix}: a NUMERIC score needs a numeric value` };
    if (config.min !== null && score.value < config.min)
      return { ok: false, error: `${prefix}: value ${score.value} is below the minimum ${config.min}` };
    if (config.max !== null && score.value > config.max)
      return { ok: false, error: `${prefix}: value ${score.value} is above the maximum ${config.max}` };
  }
  if (dataType === "BOOLEAN" && !(score.value === 0 || score.value === 1 || typeof score.value === "boolean"))
    return { ok: false, error: `${prefix}: a BOOLEAN score takes 0, 1, true or false` };
  if (dataType === "CATEGORICAL") {
    const label = score.stringValue ?? (typeof score.value === "string" ? score.value : null);
    if (label === null) return { ok: false, error: `${prefix}: a CATEGORICAL score needs a label (stringValue)` };
    if (!config.categories.includes(label))
      return {
        ok: false,
        error: `${prefix}: label '${label}' is not one of ${config.categories.map((c) => `'${c}'`).join(", ")}`,
      };
  }
  return { ok: true, dataType, configId: config.id };
}
