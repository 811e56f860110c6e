/**
 * Raised when this process appends outbox events, so the runtime can relay them as soon as the request or
 * job that appended them is over instead of at the next scheduled run (docs/automations.md, "Events").
 * A hint only: the scheduled relay finds every pending event whether or not it was raised.
 */
let raised = false;

export const outboxSignal = {
  raise(): void {
    raised = true;
  },
  /** Whether events were appended since the last take; clears the flag. */
  take(): boolean {
    const was = raised;
    raised = false;
    return was;
  },
};

let due = new Set<string>();

/**
 * Raised when this process records deliveries of automations itself (the ingest worker's `trace.created`,
 * docs/automations.md, "Events"), with the projects they belong to, so the runtime has them attempted as soon as
 * the job is over instead of at the next `deliver-automations` run. A hint only, as the outbox signal is.
 */
export const deliveriesSignal = {
  raise(projectId: string): void {
    due.add(projectId);
  },
  /** The projects deliveries were recorded for since the last take; clears them. */
  take(): string[] {
    const projects = [...due];
    due = new Set();
    return projects;
  },
};
