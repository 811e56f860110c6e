import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SesMailer } from "@core/adapters/aws/ses-mailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/*
 * The SES adapter's requests as SES v2's REST API takes them (`POST /v2/email/outbound-emails`, Signature V4 for the
 * `ses` service), against a loopback stand-in that records each call and answers as told (no emulator runs here).
 */
interface Call {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

let server: Server;
let endpoint = "";
let calls: Call[] = [];
let answer: { status: number; headers?: Record<string, string>; body: unknown } = {
  status: 200,
  body: { MessageId: "m1" },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      calls.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(body) });
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("SesMailer", () => {
  beforeEach(() => {
    calls = [];
    answer = { status: 200, body: { MessageId: "m1" } };
  });
  const mailer = () =>
    new SesMailer({
      from: "sightline@example.com",
      region: "eu-west-1",
      endpoint,
      credentials: { accessKeyId: "AKIDTEST", secretAccessKey: "secret" },
    });

  it("sends one plain-text email from the configured sender, signed for SES", async () => {
    await mailer().send({
      to: "ada@example.com",
      subject: "Your Sightline sign-in link",
      text: "Sign in: https://x/y",
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.url).toBe("/v2/email/outbound-emails");
    expect(calls[0]!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
    );
    expect(calls[0]!.body).toEqual({
      FromEmailAddress: "sightline@example.com",
      Destination: { ToAddresses: ["ada@example.com"] },
      Content: {
        Simple: {
          Subject: { Data: "Your Sightline sign-in link", Charset: "UTF-8" },
          Body: { Text: { Data: "Sign in: https://x/y", Charset: "UTF-8" } },
        },
      },
    });
  });

  it("lets SES's refusal through, named by its error type", async () => {
    answer = {
      status: 400,
      headers: { "x-amzn-errortype": "MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/" },
      body: { message: "Email address is not verified." },
    };

    const refused = await mailer()
      .send({ to: "ada@example.com", subject: "s", text: "t" })
      .then(
        () => null,
        (error: unknown) => error as Error,
      );

    expect(refused?.name).toBe("MessageRejected");
    expect(refused?.message).toBe("ses SendEmail failed with 400 MessageRejected: Email address is not verified.");
  });
});
