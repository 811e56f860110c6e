import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { CreateEvaluatorBody, type EvaluatorDetail, type FromTemplateInput } from "./evaluators.schema";
import { createEvaluator } from "./save-evaluator";
import { EVALUATOR_TEMPLATES, templateById } from "./templates";

/**
 * Creates an evaluator from a template: its prompt, score type, categories, scope and suggested mapping,
 * each overridden by the body's field when given; the name defaults to the template id.
 * @throws invalid_input for an unknown template or a definition that breaks a rule; conflict when the name exists.
 */
export async function createFromTemplate(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
  input: FromTemplateInput,
): Promise<EvaluatorDetail> {
  const template = templateById(input.template);
  if (!template)
    throw invalid(
      `Unknown template '${input.template}'; GET /v1/evaluators/templates lists them: ${EVALUATOR_TEMPLATES.map((t) => t.id).join(", ")}`,
    );
  const { template: _id, ...overrides } = input;
  const given = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const body = CreateEvaluatorBody.parse({
    name: template.id,
    description: template.description,
    prompt: template.prompt,
    scoreDataType: template.scoreDataType,
    scoreCategories: template.scoreCategories,
    scope: template.scope,
    variableMapping: template.variableMapping,
    ...given,
    kind: "JUDGE",
  });
  return createEvaluator(deps, principal, body);
}
