import * as Evaluators from "@core/evaluators";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary:
    "Ready-made code checks (regex, JSON shape, length, exact match, contains, numeric range and more), each an editable expression",
  tags: ["evaluators"],
  response: z.object({ data: z.array(Evaluators.PresetView) }),
  run: async () => ({ data: Evaluators.EXPRESSION_PRESETS.map((p) => ({ ...p })) }),
});
