import { invalid } from "../platform/errors";
import {
  CODE_MODEL_PLACEHOLDER,
  DEFAULT_COOLDOWN_SECONDS,
  type EvaluatorDefinition,
  type EvaluatorFieldsInput,
} from "./evaluators.schema";
import { BUILT_IN_VARIABLES, compileExpression } from "./expression";

/**
 * Applies the defaults and the cross-field rules (docs/evaluators.md, "Definitions") to a saved definition. A CODE expression is
 * compiled here, against the built-in and mapped variable names, so a broken one is refused at save.
 * @throws invalid_input naming the field (and, for an expression, the position).
 */
export function defineEvaluator(input: EvaluatorFieldsInput): EvaluatorDefinition {
  const names = input.variableMapping.map((b) => b.variable);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw invalid(`variableMapping binds "${twice}" twice`);
  const categories = input.scoreCategories;
  const repeated = categories.find((c, i) => categories.indexOf(c) !== i);
  if (repeated) throw invalid(`scoreCategories lists "${repeated}" twice`);
  if (categories.length > 0 && input.scoreDataType !== "CATEGORICAL")
    throw invalid("scoreCategories applies only to scoreDataType CATEGORICAL");
  if (input.cooldownSeconds != null && input.scope !== "thread")
    throw invalid("cooldownSeconds applies only to thread scope");
  if (input.guardrail && input.scope === "thread")
    throw invalid("guardrail applies to one input and output: a thread-scope evaluator judges whole sessions");

  const common = {
    kind: input.kind,
    description: input.description ?? null,
    online: input.online,
    samplingRate: input.samplingRate,
    filterName: input.filterName ?? null,
    scope: input.scope,
    cooldownSeconds: input.scope === "thread" ? (input.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS) : null,
    scoreDataType: input.scoreDataType,
    scoreCategories: categories,
    scoreName: input.scoreName ?? null,
    variableMapping: input.variableMapping.map((b) => ({
      variable: b.variable,
      source: b.source,
      jsonPath: b.jsonPath ?? null,
      observationName: b.observationName ?? null,
    })),
    guardrail: input.guardrail ?? null,
  };

  if (input.kind === "CODE") {
    if (!input.expression) throw invalid("A CODE evaluator needs an expression");
    if (input.prompt != null) throw invalid("prompt is for JUDGE evaluators; a CODE evaluator has an expression");
    if (input.jurors.length > 0) throw invalid("jurors are for JUDGE evaluators; a CODE evaluator runs locally");
    if (input.scoreDataType === "CATEGORICAL")
      throw invalid(
        "A CODE evaluator scores NUMERIC or BOOLEAN: its expression returns a boolean or a number in [0, 1]",
      );
    const clash = names.find((n) => (BUILT_IN_VARIABLES as readonly string[]).includes(n));
    if (clash)
      throw invalid(
        `variableMapping may not bind "${clash}": input, output, expected and metadata are built in for CODE evaluators`,
      );
    compileExpression(input.expression, { variables: new Set([...BUILT_IN_VARIABLES, ...names]) });
    return {
      ...common,
      prompt: null,
      provider: input.provider ?? null,
      model: input.model ?? CODE_MODEL_PLACEHOLDER,
      expression: input.expression,
      jurors: [],
    };
  }

  if (input.expression != null) throw invalid("expression is for CODE evaluators; a JUDGE evaluator has a prompt");
  if (!input.prompt) throw invalid("A JUDGE evaluator needs a prompt");
  const first = input.jurors[0];
  if (!first && (!input.provider || !input.model))
    throw invalid("A JUDGE evaluator needs provider and model, or jurors");
  // With jurors the panel is `jurors`; provider and model, when left out, name the first juror.
  return {
    ...common,
    prompt: input.prompt,
    provider: input.provider ?? first!.provider,
    model: input.model ?? first!.model,
    expression: null,
    jurors: input.jurors,
  };
}

/** The judges of a definition: its jurors, or the one provider and model. */
export const panelOf = (d: EvaluatorDefinition) =>
  d.jurors.length > 0 ? d.jurors : [{ provider: d.provider!, model: d.model! }];
