/** Headers of a server-sent event stream; `x-accel-buffering` keeps proxies such as nginx from holding it back. */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;

/** One server-sent event: its name and its data as one line of JSON. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Events as the text of an event stream. */
export async function* sseText(events: AsyncIterable<{ event: string; data: unknown }>): AsyncGenerator<string> {
  for await (const e of events) yield sseEvent(e.event, e.data);
}
