import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { SesMailer } from "@core/adapters/aws/ses-mailer";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";

/** The SES adapter's requests, checked against the SDK's own command shapes (no emulator runs here). */
const ses = mockClient(SESv2Client);

describe("SesMailer", () => {
  beforeEach(() => ses.reset());

  it("sends one plain-text email from the configured sender", async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: "m1" });
    const mailer = new SesMailer({ from: "sightline@example.com", client: new SESv2Client({ region: "us-east-1" }) });

    await mailer.send({ to: "ada@example.com", subject: "Your Sightline sign-in link", text: "Sign in: https://x/y" });

    expect(ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input)).toEqual([
      {
        FromEmailAddress: "sightline@example.com",
        Destination: { ToAddresses: ["ada@example.com"] },
        Content: {
          Simple: {
            Subject: { Data: "Your Sightline sign-in link", Charset: "UTF-8" },
            Body: { Text: { Data: "Sign in: https://x/y", Charset: "UTF-8" } },
          },
        },
      },
    ]);
  });

  it("builds its own client from region and endpoint, and lets SES's refusal through", async () => {
    ses
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error("Email address is not verified"), { name: "MessageRejected" }));
    const mailer = new SesMailer({
      from: "sightline@example.com",
      region: "eu-west-1",
      endpoint: "http://127.0.0.1:4566",
      credentials: { accessKeyId: "a", secretAccessKey: "b" },
    });

    await expect(mailer.send({ to: "ada@example.com", subject: "s", text: "t" })).rejects.toThrow(
      "Email address is not verified",
    );
  });
});
