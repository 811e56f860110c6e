import * as z from "zod";
import type { Deps } from "../platform/deps";
import { invalid, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Scores from "../scores";
import { type PageQuery, pageOf } from "./page";

const Category = z.object({ label: z.string(), value: z.number() });

/** Langfuse's score config. Categories are ordered labels here: a label's `value` is its position. */
export const LfScoreConfig = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  projectId: z.string(),
  dataType: z.enum(Scores.SCORE_TYPES),
  isArchived: z.boolean(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  categories: z.array(Category).nullable(),
  description: z.string().nullable(),
});
export type LfScoreConfig = z.infer<typeof LfScoreConfig>;

export const LfCreateScoreConfigBody = z.object({
  name: z.string(),
  dataType: z.enum(Scores.SCORE_TYPES),
  categories: z.array(Category).nullish(),
  minValue: z.number().nullish(),
  maxValue: z.number().nullish(),
  description: z.string().nullish(),
});

export const LfUpdateScoreConfigBody = z.object({
  isArchived: z.boolean().optional(),
  name: z.string().optional(),
  categories: z.array(Category).optional(),
  minValue: z.number().nullish(),
  maxValue: z.number().nullish(),
  description: z.string().nullish(),
});

const BOOLEAN_CATEGORIES = [
  { label: "False", value: 0 },
  { label: "True", value: 1 },
];

export function lfScoreConfig(c: Scores.ScoreConfigView, projectId: string): LfScoreConfig {
  return {
    id: c.id,
    name: c.name,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    projectId,
    dataType: c.dataType,
    isArchived: c.archived,
    minValue: c.min,
    maxValue: c.max,
    categories:
      c.dataType === "CATEGORICAL"
        ? c.categories.map((label, value) => ({ label, value }))
        : c.dataType === "BOOLEAN"
          ? BOOLEAN_CATEGORIES
          : null,
    description: c.description,
  };
}

/**
 * A Langfuse config body as ours (`POST /v1/score-configs`), whose rules then apply. Categories are kept as ordered
 * labels, so their values must be their positions (0, 1, 2, …) to mean the same thing (docs/langfuse.md, "Score configs").
 * @throws invalid_input otherwise, and for categories on a BOOLEAN config (Langfuse generates those).
 */
export function scoreConfigBodyOf(b: z.infer<typeof LfCreateScoreConfigBody>): Scores.CreateScoreConfigInput {
  if (b.dataType === "BOOLEAN" && b.categories?.length)
    throw invalid("Invalid body.categories: a BOOLEAN config's categories are generated (False = 0, True = 1)");
  b.categories?.forEach((c, i) => {
    if (c.value !== i)
      throw invalid(
        `Invalid body.categories.${i}.value: categories are ordered labels here, so the value of the category at position ${i} must be ${i}`,
      );
  });
  const parsed = Scores.CreateScoreConfigBody.safeParse({
    name: b.name,
    dataType: b.dataType,
    min: b.minValue ?? null,
    max: b.maxValue ?? null,
    ...(b.dataType === "CATEGORICAL" ? { categories: (b.categories ?? []).map((c) => c.label) } : {}),
    description: b.description ?? null,
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = { min: "minValue", max: "maxValue" }[String(first.path[0])] ?? first.path.join(".");
    throw invalid(`Invalid body${field ? `.${field}` : ""}: ${first.message}`, parsed.error.issues);
  }
  return parsed.data;
}

export async function createLfScoreConfig(
  deps: Parameters<typeof Scores.createScoreConfig>[0],
  principal: Principal,
  b: z.infer<typeof LfCreateScoreConfigBody>,
) {
  return lfScoreConfig(await Scores.createScoreConfig(deps, principal, scoreConfigBodyOf(b)), principal.projectId);
}

export async function listLfScoreConfigs(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
  page: PageQuery,
) {
  const all = await Scores.scoreConfigsOf(deps, projectId);
  const { data, meta } = pageOf(all, page);
  return { data: data.map((c) => lfScoreConfig(c, projectId)), meta };
}

/** @throws not_found */
export async function getLfScoreConfig(deps: Pick<Deps, "db" | "config" | "caches">, projectId: string, id: string) {
  const config = (await Scores.scoreConfigsOf(deps, projectId)).find((c) => c.id === id);
  if (!config) throw notFound("Score config", id);
  return lfScoreConfig(config, projectId);
}

/**
 * `PATCH /api/public/score-configs/{id}`: archiving and restoring, as `PATCH /v1/score-configs/{id}`. A config's
 * other fields are fixed once scores cite it. @throws invalid_input for them; not_found; conflict.
 */
export async function updateLfScoreConfig(
  deps: Parameters<typeof Scores.patchScoreConfig>[0],
  principal: Principal,
  id: string,
  b: z.infer<typeof LfUpdateScoreConfigBody>,
) {
  const other = (["name", "categories", "minValue", "maxValue", "description"] as const).filter(
    (k) => b[k] !== undefined,
  );
  if (other.length)
    throw invalid(
      `Invalid body.${other[0]}: only isArchived can be changed; create a new config (and archive this one) instead`,
    );
  if (b.isArchived === undefined) throw invalid("Invalid body.isArchived: required");
  return lfScoreConfig(
    await Scores.patchScoreConfig(deps, principal, id, { archived: b.isArchived }),
    principal.projectId,
  );
}
