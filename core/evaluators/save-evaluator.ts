import { and, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, invalid, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { defineEvaluator } from "./define-evaluator";
import type { CreateEvaluatorInput, EvaluatorDetail, EvaluatorFieldsInput } from "./evaluators.schema";
import { evaluators, evaluatorVersions } from "./evaluators.sql";
import { afterEvaluatorWrite, readEvaluator } from "./read-evaluators";

type Tx = Pick<Deps, "db" | "clock" | "ids" | "caches">;

/**
 * Creates an evaluator (version 1) and records `evaluator.created`.
 * @throws invalid_input for a definition that breaks a rule (a CODE expression that does not compile names the position); conflict when the name exists.
 */
export async function createEvaluator(
  deps: Tx,
  principal: Principal,
  input: CreateEvaluatorInput,
): Promise<EvaluatorDetail> {
  const definition = defineEvaluator(input);
  const { projectId } = principal;
  try {
    return await afterEvaluatorWrite(deps, projectId, () =>
      deps.db.transaction(async (db) => {
        const now = deps.clock.now();
        const id = deps.ids.uuid();
        await db.insert(evaluators).values({
          id,
          projectId,
          name: input.name,
          latestVersion: 1,
          kind: definition.kind,
          online: definition.online,
          scope: definition.scope,
          createdAt: now,
          updatedAt: now,
        });
        await db.insert(evaluatorVersions).values({
          id: deps.ids.uuid(),
          evaluatorId: id,
          version: 1,
          definition,
          createdBy: principal.keyId,
          createdAt: now,
        });
        await Audit.recordChange({ ...deps, db }, principal, {
          action: "evaluator.created",
          target: { type: "evaluator", id },
          details: { name: input.name, version: 1, kind: definition.kind },
        });
        return readEvaluator(db, projectId, input.name);
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "evaluators_project_name_idx"))
      throw conflict(`Evaluator '${input.name}' exists; PUT /v1/evaluators/${input.name} saves its next version`);
    throw error;
  }
}

/**
 * Saves the next immutable version of an evaluator and records `evaluator.updated`.
 * @throws not_found when the evaluator does not exist; invalid_input as for createEvaluator.
 */
export async function updateEvaluator(
  deps: Tx,
  principal: Principal,
  name: string,
  input: EvaluatorFieldsInput & { name?: string },
): Promise<EvaluatorDetail> {
  if (input.name !== undefined && input.name !== name)
    throw invalid(`The body names '${input.name}' but the path '${name}': an evaluator cannot be renamed`);
  const definition = defineEvaluator(input);
  const { projectId } = principal;
  return afterEvaluatorWrite(deps, principal.projectId, () =>
    deps.db.transaction(async (db) => {
      // The row lock serialises concurrent saves, so version numbers never collide.
      const [existing] = await db
        .select()
        .from(evaluators)
        .where(and(eq(evaluators.projectId, projectId), eq(evaluators.name, name)))
        .for("update");
      if (!existing) throw notFound("evaluator", name);
      const now = deps.clock.now();
      const version = existing.latestVersion + 1;
      await db
        .update(evaluators)
        .set({
          latestVersion: version,
          kind: definition.kind,
          online: definition.online,
          scope: definition.scope,
          updatedAt: now,
        })
        .where(eq(evaluators.id, existing.id));
      await db.insert(evaluatorVersions).values({
        id: deps.ids.uuid(),
        evaluatorId: existing.id,
        version,
        definition,
        createdBy: principal.keyId,
        createdAt: now,
      });
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "evaluator.updated",
        target: { type: "evaluator", id: existing.id },
        details: { name, version, kind: definition.kind },
      });
      return readEvaluator(db, projectId, name);
    }),
  );
}
