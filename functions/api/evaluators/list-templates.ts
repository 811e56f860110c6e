import * as Evaluators from "@core/evaluators";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary:
    "Prebuilt judge prompts: RAG/quality dimensions, conversation quality, agent trajectory; each with its {{variables}} and a suggested mapping",
  tags: ["evaluators"],
  response: z.object({ data: z.array(Evaluators.TemplateView) }),
  run: async () => ({ data: [...Evaluators.EVALUATOR_TEMPLATES] }),
});
