import * as z from "zod";

/** Wire shapes of the alert-rule endpoints (docs/automations.md, "Alert rules"). */

export const METRICS = ["costUsd", "traces", "errorRate", "latencyP95Ms", "scoreMean"] as const;
export type Metric = (typeof METRICS)[number];
/** A day: the longest window a rule measures every minute. */
export const MAX_WINDOW_MINUTES = 1440;
/** How many transitions a rule's detail shows, newest first. */
export const HISTORY_LIMIT = 100;

const Filter = z.string().min(1).max(200);

export const AlertRuleBody = z
  .object({
    name: z.string().min(1).max(200),
    metric: z.enum(METRICS),
    scoreName: Filter.nullish().describe("scoreMean only (required there): the score whose values are averaged"),
    environment: Filter.nullish().describe(
      "Only observations (or scores) of this environment; `default` for those without one",
    ),
    model: Filter.nullish().describe("Only observations of this model; not for scoreMean"),
    windowMinutes: z
      .number()
      .int()
      .min(1)
      .max(MAX_WINDOW_MINUTES)
      .describe("The window [now − windowMinutes, now) measured every minute"),
    operator: z.enum([">", "<"]),
    threshold: z.number().finite(),
  })
  .refine((r) => r.metric !== "scoreMean" || r.scoreName != null, {
    message: "scoreMean needs the name of the score to average",
    path: ["scoreName"],
  })
  .refine((r) => r.metric === "scoreMean" || r.scoreName == null, {
    message: "scoreName applies only to scoreMean",
    path: ["scoreName"],
  })
  .refine((r) => r.metric !== "scoreMean" || r.model == null, {
    message: "model does not apply to scoreMean: scores carry no model",
    path: ["model"],
  });
export type AlertRuleInput = z.infer<typeof AlertRuleBody>;

export const AlertView = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.enum(METRICS),
  scoreName: z.string().nullable(),
  environment: z.string().nullable(),
  model: z.string().nullable(),
  windowMinutes: z.number().int(),
  operator: z.enum([">", "<"]),
  threshold: z.number(),
  state: z.enum(["ok", "firing"]),
  lastValue: z
    .number()
    .nullable()
    .describe("The value of the last check; null before the first and when the window was empty"),
  lastCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertView = z.infer<typeof AlertView>;

export const AlertTransition = z.object({
  id: z.string(),
  state: z.enum(["firing", "resolved"]),
  value: z.number().nullable(),
  threshold: z.number(),
  createdAt: z.string(),
});
export const AlertDetail = AlertView.extend({
  history: z.array(AlertTransition).describe(`Transitions, newest first (the last ${HISTORY_LIMIT})`),
});
export type AlertDetail = z.infer<typeof AlertDetail>;
export const AlertList = z.object({ data: z.array(AlertView) });
export const AlertPath = z.object({ id: z.string().min(1).max(200) });
export const DeletedAlert = z.object({ id: z.string(), name: z.string(), deleted: z.literal(true) });
