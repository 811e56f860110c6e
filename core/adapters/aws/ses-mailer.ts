import { SESv2Client, type SESv2ClientConfig, SendEmailCommand } from "@aws-sdk/client-sesv2";
import type { Mailer, MailMessage } from "../../platform/ports";

export type SesMailerOptions = { from: string } & (
  | { client: SESv2Client }
  | { region: string; endpoint?: string; credentials?: SESv2ClientConfig["credentials"] }
);

/** Plain-text email through SES (v2 `SendEmail`) from one sender; SES's refusals reach the caller as they are. */
export class SesMailer implements Mailer {
  private readonly client: SESv2Client;

  constructor(private readonly options: SesMailerOptions) {
    this.client =
      "client" in options
        ? options.client
        : new SESv2Client({
            region: options.region,
            ...(options.endpoint ? { endpoint: options.endpoint } : {}),
            ...(options.credentials ? { credentials: options.credentials } : {}),
          });
  }

  async send(message: MailMessage): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.options.from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: "UTF-8" },
            Body: { Text: { Data: message.text, Charset: "UTF-8" } },
          },
        },
      }),
    );
  }
}
