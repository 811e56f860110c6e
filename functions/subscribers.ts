import type { Subscriber } from "@core/audit";

/**
 * Who receives domain events from the outbox relay. Empty until the automations
 * (webhooks, Slack, GitHub dispatch, event sink) subscribe here; until then the
 * relay marks events dispatched so the outbox does not grow without bound.
 */
export const subscribers: Subscriber[] = [];
