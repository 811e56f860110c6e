/**
 * Something the SDK could not do in the background, handed to `onError` instead of thrown into the
 * caller's code. `rejected`: the service refused one event (`eventId`, `status`); `dropped`: the in-memory
 * queue was full, or the client shut down, and `count` events were never queued; `failed`: `count` events
 * could not be delivered (service down after the retries, or an answer that retrying cannot fix);
 * `prompt`: a prompt could not be fetched or refreshed, and a cached value or the fallback was served.
 */
export interface IngestProblem {
  kind: "rejected" | "dropped" | "failed" | "prompt";
  message: string;
  count: number;
  eventId?: string;
  status?: number;
}

export type OnError = (problem: IngestProblem) => void;

/** The default sink: one warning line, so nothing is lost silently. */
export const warn: OnError = (p) => console.warn(`[sightline] ${p.kind}: ${p.message}`);

/** Calls the user's callback; a callback that throws must not break the sender. */
export function reporter(onError: OnError): OnError {
  return (problem) => {
    try {
      onError(problem);
    } catch {
      // The callback's own failure has nowhere better to go.
    }
  };
}
