/**
 * The one event-rule table: which consumer takes which outbox events, read by the AWS stack (an EventBridge
 * rule per entry, matching `detail-type`, targeting the handler's Lambda) and by the local runtime (its
 * in-process bus). Plain data, like the route and schedule tables (docs/automations.md, "Events").
 */
export interface EventRuleDef {
  name: string;
  /** Event types the rule matches (the envelope's `type`, EventBridge's `detail-type`). */
  types: readonly string[];
  handler: string;
  /** Lambda timeout in seconds, when the event class's (functions/function-settings.ts) does not fit. */
  timeoutSeconds?: number;
}

export const eventRules: readonly EventRuleDef[] = [
  {
    name: "automations",
    types: [
      "score.created",
      "trace.created",
      "eval.completed",
      "prompt.created",
      "prompt.updated",
      "prompt.label.moved",
      "alert.firing",
      "alert.resolved",
      "comment.created",
      // Not an outbox event: the ingest worker's word that it recorded deliveries, due at once (docs/automations.md).
      "deliveries.due",
    ],
    handler: "functions/events/deliver-automations.handler",
    // Its deliveries are attempted at once, each within the outbound time limit.
    timeoutSeconds: 60,
  },
  {
    name: "event-sink",
    types: ["trace.created", "score.created"],
    handler: "functions/events/collect-sink-events.handler",
  },
];
