/** A `fetch` double for the SDK's unit tests: records each request and answers as the test says. */

export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: any;
  at: number;
}

type Answer = (req: Recorded, index: number) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** The service's 207 with every event of the batch accepted. */
export const accepted: Answer = (req) =>
  json(207, { successes: (req.body?.batch ?? []).map((e: { id: string }) => ({ id: e.id, status: 201 })), errors: [] });

export function fakeFetch(answer: Answer = accepted) {
  const calls: Recorded[] = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const text = typeof init.body === "string" ? init.body : undefined;
    const req: Recorded = {
      url: String(input),
      method: init.method ?? "GET",
      headers: { ...(init.headers as Record<string, string>) },
      body: text ? JSON.parse(text) : undefined,
      at: Date.now(),
    };
    calls.push(req);
    return answer(req, calls.length - 1);
  }) as typeof globalThis.fetch;
  return {
    fetch,
    calls,
    batches: () =>
      calls
        .filter((c) => c.url.endsWith("/v1/ingest"))
        .map((c) => c.body.batch as { id: string; type: string; body: any }[]),
  };
}

/** A service that never answers until released (or the request's timeout aborts it). */
export function hangingFetch() {
  const waiting: (() => void)[] = [];
  const inner = fakeFetch(
    (req) =>
      new Promise<Response>((resolve) => {
        waiting.push(() => resolve(accepted(req, 0) as Response));
      }),
  );
  return {
    ...inner,
    release: () => {
      for (const go of waiting.splice(0)) go();
    },
  };
}

export const KEYS = { baseUrl: "http://sightline.test", publicKey: "pk-sl-unit", secretKey: "sk-sl-unit" };
