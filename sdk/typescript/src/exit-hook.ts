/** What the hook needs of a client. */
interface Flushable {
  readonly pendingEvents: number;
  flush(): Promise<void>;
}

type NodeProcess = { on(event: "beforeExit", listener: () => void): unknown };

// One listener for every client: a listener each would trip Node's too-many-listeners warning. Held
// strongly on purpose: a client that went out of scope with events queued must still be flushed at exit.
// shutdown() lets go of it.
const live = new Set<Flushable>();
let installed = false;

/**
 * Flushes the client when Node's event loop runs dry (`beforeExit`), so a script that forgets
 * shutdown() loses nothing. The sends keep the loop alive; once they are done the event fires again
 * and finds nothing pending. `process.exit()` skips `beforeExit`: call shutdown() before it.
 */
export function flushBeforeExit(client: Flushable) {
  const proc = (globalThis as { process?: Partial<NodeProcess> }).process;
  if (typeof proc?.on !== "function") return;
  live.add(client);
  if (installed) return;
  installed = true;
  proc.on("beforeExit", () => {
    for (const c of live) if (c.pendingEvents > 0) void c.flush();
  });
}

export function forgetAtExit(client: Flushable) {
  live.delete(client);
}
