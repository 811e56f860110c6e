import * as z from "zod";

/** Built-in detectors, in the order they run. */
export const BUILTIN_PII_KINDS = ["email", "secret", "credit_card", "iban", "ipv6", "ipv4", "phone"] as const;
export type BuiltinPiiKind = (typeof BUILTIN_PII_KINDS)[number];

export const MAX_CUSTOM_RULES = 50;
export const MAX_PATTERN_LENGTH = 500;

/** Custom patterns run with the global flag only; validation compiles them exactly so. */
export function compileCustomPattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "g");
  } catch {
    return null;
  }
}

const CustomPiiRule = z.object({
  name: z.string().regex(/^[\w.-]{1,64}$/, "name must be 1-64 letters, digits, '_', '.' or '-'"),
  pattern: z.string().min(1).max(MAX_PATTERN_LENGTH),
  replacement: z.string().max(200).optional(),
});

/** A project's masking policy, applied to input and output before anything is stored. */
export const PiiPolicy = z.object({
  enabled: z.boolean(),
  builtins: z.array(z.enum(BUILTIN_PII_KINDS)).max(BUILTIN_PII_KINDS.length).default([]),
  custom: z
    .array(CustomPiiRule)
    .max(MAX_CUSTOM_RULES)
    .superRefine((rules, ctx) => {
      rules.forEach((rule, i) => {
        if (compileCustomPattern(rule.pattern) === null) {
          ctx.addIssue({
            code: "custom",
            path: [i, "pattern"],
            message: `custom[${i}].pattern is not a valid regular expression`,
          });
        }
      });
    })
    .default([]),
});
export type PiiPolicy = z.infer<typeof PiiPolicy>;
