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
