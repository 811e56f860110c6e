import * as z from "zod";
import { Condition } from "../reads";

/** Wire shapes of the automation and event-sink endpoints (docs/automations.md). */

export const TRIGGERS = [
  "score.created",
  "trace.created",
  "eval.completed",
  "prompt.created",
  "prompt.updated",
  "prompt.label.moved",
  "alert.firing",
  "alert.resolved",
  "comment.created",
] as const;
export type Trigger = (typeof TRIGGERS)[number];
export const PROMPT_TRIGGERS: readonly Trigger[] = ["prompt.created", "prompt.updated", "prompt.label.moved"];
export const ACTIONS = ["webhook", "slack", "github"] as const;

const Name = z.string().min(1).max(200);
const Url = z
  .string()
  .max(2000)
  .refine((u) => URL.canParse(u) && ["http:", "https:"].includes(new URL(u).protocol), "must be an http(s) URL");
const Repository = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

export const AutomationBody = z
  .object({
    name: Name,
    trigger: z.enum(TRIGGERS),
    action: z.enum(ACTIONS),
    target: z.string().min(1).max(2000).describe("webhook and slack: the URL; github: `<owner>/<repo>`"),
    secret: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe("webhook: the signing secret (generated when absent); github: a token with access to the repository"),
    filter: z.array(Condition).max(20).nullish().describe("Conditions on the event's data, all of which must hold"),
    threshold: z.number().finite().nullish().describe("score.created: fires only for a numeric value below it"),
    enabled: z.boolean().default(true),
  })
  .superRefine((a, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (a.action === "github") {
      if (!PROMPT_TRIGGERS.includes(a.trigger))
        issue(
          "action",
          "github dispatch takes only prompt triggers (prompt.created, prompt.updated, prompt.label.moved)",
        );
      if (!Repository.test(a.target)) issue("target", "must be <owner>/<repo>");
    } else if (!Url.safeParse(a.target).success) issue("target", "must be an http(s) URL");
    if (a.action === "slack" && a.secret !== undefined)
      issue("secret", "slack takes no secret: the incoming-webhook URL is the credential");
    if (a.threshold != null && a.trigger !== "score.created") issue("threshold", "applies only to score.created");
  });
export type AutomationInput = z.infer<typeof AutomationBody>;

export const AutomationView = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.enum(TRIGGERS),
  action: z.enum(ACTIONS),
  target: z.string(),
  hasSecret: z.boolean(),
  filter: z.array(Condition).nullable(),
  threshold: z.number().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutomationView = z.infer<typeof AutomationView>;
export const CreatedAutomation = AutomationView.extend({
  secret: z.string().optional().describe("The generated webhook signing secret; shown in this answer only"),
});
export const AutomationList = z.object({ data: z.array(AutomationView) });
export const AutomationPath = z.object({ id: z.string().min(1).max(200) });
export const DeliveryPath = z.object({ id: z.string().min(1).max(200), deliveryId: z.string().min(1).max(200) });

const Attempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type Attempt = z.infer<typeof Attempt>;
export const DeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  attemptLog: z.array(Attempt).describe("Every attempt, oldest first"),
  createdAt: z.string(),
});
export type DeliveryView = z.infer<typeof DeliveryView>;
export const DeliveryList = z.object({ data: z.array(DeliveryView), nextCursor: z.string().nullable() });
export const DeliveriesQuery = z.object({
  status: z.enum(["pending", "succeeded", "failed"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().regex(/^\d+$/).optional(),
});

export const SINK_EVENTS = ["trace", "score"] as const;
export const EventSinkBody = z.object({
  url: Url.describe("The capture API's base URL; batches go to `<url>/batch/`"),
  apiKey: z.string().min(1).max(1000).optional().describe("The capture API key; kept when absent on an update"),
  events: z.array(z.enum(SINK_EVENTS)).min(1).max(2),
  enabled: z.boolean().default(true),
});
export type EventSinkInput = z.infer<typeof EventSinkBody>;
export const EventSinkView = z.object({
  url: z.string(),
  hasApiKey: z.boolean(),
  events: z.array(z.enum(SINK_EVENTS)),
  enabled: z.boolean(),
  pending: z.number().int().describe("Events waiting for their batch"),
  failed: z.number().int().describe("Events given up after the last attempt"),
  updatedAt: z.string(),
});
export type EventSinkView = z.infer<typeof EventSinkView>;
