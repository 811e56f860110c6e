import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { llm } from "../../_runtime/ports/llm";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [blobs, llm, telemetry, queues],
  summary:
    "Run an evaluator on a trace (or one of its observations): writes a score with source EVAL (re-runs overwrite it) and appends eval.completed",
  tags: ["evaluators"],
  path: Evaluators.EvaluatorPath,
  body: Evaluators.RunEvaluatorBody,
  response: Evaluators.RunEvaluatorResult,
  run: ({ path, body }, { deps, principal }) => Evaluators.runEvaluator(deps, principal, path.name, body),
});
