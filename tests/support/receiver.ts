import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status, a hang (never answers), or a closed socket. */
export type Answer = { status: number; body?: string } | "hang" | "close";

export interface Receiver {
  url: string;
  received: Received[];
  /** Answers the next requests in order; then `fallback` (200 unless set). */
  answer(...answers: Answer[]): void;
  fallback: Answer;
  /** Resolves once `n` requests arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A loopback HTTP server standing in for a webhook, Slack, GitHub or a capture API: it records and answers on purpose. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const queue: Answer[] = [];
  const sockets = new Set<Socket>();
  const waiters: { n: number; resolve: () => void }[] = [];
  const receiver = { fallback: { status: 200 } as Answer } as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      const answer = queue.shift() ?? receiver.fallback;
      if (answer === "hang") return;
      if (answer === "close") return req.socket.destroy();
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body ?? "{}");
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (...answers: Answer[]) => void queue.push(...answers),
    waitFor(n: number, timeoutMs = 20_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise<Received[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${n} requests`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            return resolve(received);
          },
        });
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
