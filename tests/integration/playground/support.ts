import { basic, type TestApp } from "../../support/local-app";

export interface SseEvent {
  event: string;
  data: any;
}

/** Parses an event-stream text into its events (every event of ours has a name and one line of JSON data). */
export function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((l) => l.startsWith("event: "))!.slice(7);
      const data = JSON.parse(lines.find((l) => l.startsWith("data: "))!.slice(6));
      return { event, data };
    });
}

/** `POST /v1/playground/completions` by the admin key: the status, headers, and the events or the JSON error body. */
export async function complete(
  app: TestApp,
  body: unknown,
  key = app.admin,
): Promise<{ status: number; type: string; events: SseEvent[]; error: any }> {
  const res = await fetch(`${app.url}/v1/playground/completions`, {
    method: "POST",
    headers: { authorization: basic(key), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) return { status: res.status, type, events: parseSse(text), error: null };
  return { status: res.status, type, events: [], error: JSON.parse(text).error };
}

/** The concatenated text of the delta events. */
export const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === "delta")
    .map((e) => e.data.text)
    .join("");
