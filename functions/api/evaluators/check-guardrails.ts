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
    "Check an input and output against guardrail evaluators now: each passes when its score meets its threshold; a CATEGORICAL one is skipped; with traceId the EVAL scores are written too",
  tags: ["evaluators"],
  body: Evaluators.GuardrailCheckBody,
  response: Evaluators.GuardrailCheckResult,
  run: ({ body }, { deps, principal }) => Evaluators.checkGuardrails(deps, principal, body),
});
