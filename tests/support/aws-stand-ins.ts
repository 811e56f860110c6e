import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/* AWS APIs the emulator on loopback does not speak, as the bundles call them: SES v2 and EventBridge's PutEvents. */

/** A loopback JSON API: `answer` gets each request and its parsed body. */
async function jsonStandIn(answer: (req: IncomingMessage, body: any, res: ServerResponse) => void) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    answer(req, JSON.parse(Buffer.concat(chunks).toString("utf8")), res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** SES v2's `SendEmail`: records each mail (as the test app's in-memory mailer does) and answers a message id. */
export async function startSesStandIn() {
  const mail: { to: string; subject: string; text: string }[] = [];
  const requests: { path: string; service: string; from: string }[] = [];
  const server = await jsonStandIn((req, body, res) => {
    const credential = /Credential=[^/]+\/[^/]+\/[^/]+\/([^/]+)\//.exec(req.headers.authorization ?? "");
    requests.push({ path: req.url ?? "", service: credential?.[1] ?? "", from: body.FromEmailAddress });
    mail.push({
      to: body.Destination.ToAddresses[0],
      subject: body.Content.Simple.Subject.Data,
      text: body.Content.Simple.Body.Text.Data,
    });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ MessageId: `m${mail.length}` }));
  });
  return { ...server, mail, requests };
}

/** EventBridge's `PutEvents` (its JSON protocol): records every entry and answers each an event id. */
export async function startPutEventsStandIn() {
  const entries: { Source: string; DetailType: string; Detail: string; EventBusName?: string }[] = [];
  const server = await jsonStandIn((req, body: { Entries: (typeof entries)[number][] }, res) => {
    const type = { "content-type": "application/x-amz-json-1.1" };
    if (req.headers["x-amz-target"] !== "AWSEvents.PutEvents") {
      res.writeHead(400, type).end('{"__type":"UnknownOperationException"}');
      return;
    }
    entries.push(...body.Entries);
    res
      .writeHead(200, type)
      .end(JSON.stringify({ FailedEntryCount: 0, Entries: body.Entries.map(() => ({ EventId: randomUUID() })) }));
  });
  return { ...server, entries };
}
