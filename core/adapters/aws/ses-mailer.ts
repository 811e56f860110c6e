import type { SESv2Client, SESv2ClientConfig } from "@aws-sdk/client-sesv2";
import type { MailMessage, Mailer } from "../../platform/ports";

export type SesMailerOptions = { from: string } & ({ client: SESv2Client } | { region: string; endpoint?: string; credentials?: SESv2ClientConfig["credentials"] });

/**
 * Plain-text email through SES (v2 `SendEmail`). The SDK is imported on the first send: every API function
 * carries this adapter (sign-in lives in the base dependencies), and only the auth function ever sends.
 */
export class SesMailer implements Mailer {
  private client: Promise<{ client: SESv2Client; command: typeof import("@aws-sdk/client-sesv2").SendEmailCommand }> | undefined;

  constructor(private readonly options: SesMailerOptions) {}

  private open() {
    this.client ??= import("@aws-sdk/client-sesv2").then((sdk) => {
      const o = this.options;
      const client = "client" in o ? o.client : new sdk.SESv2Client({ region: o.region, ...(o.endpoint ? { endpoint: o.endpoint } : {}), ...(o.credentials ? { credentials: o.credentials } : {}) });
      return { client, command: sdk.SendEmailCommand };
    });
    return this.client;
  }

  async send(message: MailMessage): Promise<void> {
    const { client, command } = await this.open();
    await client.send(
      new command({
        FromEmailAddress: this.options.from,
        Destination: { ToAddresses: [message.to] },
        Content: { Simple: { Subject: { Data: message.subject, Charset: "UTF-8" }, Body: { Text: { Data: message.text, Charset: "UTF-8" } } } },
      }),
    );
  }
}
