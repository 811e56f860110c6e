import type { Mailer, MailMessage } from "../../platform/ports";
import { type AwsCredentialSource, AwsServiceError, serviceEndpoint, signedFetch } from "./signed-fetch";

export interface SesMailerOptions {
  from: string;
  region: string;
  /** An SES-compatible endpoint (LocalStack); AWS's regional endpoint (`email.<region>`) when absent. */
  endpoint?: string;
  /** On Lambda, the function role's, from its environment (functions/_runtime/ports/aws-options.ts). */
  credentials: AwsCredentialSource;
}

/**
 * Plain-text email through SES (v2 `SendEmail`) from one sender; SES's refusals reach the caller, named by their
 * error type. Spoken over SES v2's REST API with Signature V4 (signed-fetch.ts), not the AWS SDK, which was 377 KB
 * of the auth function (docs/deployment.md, "What ships").
 */
export class SesMailer implements Mailer {
  private readonly send_: (url: string, init?: RequestInit) => Promise<Response>;
  private readonly url: string;

  constructor(private readonly options: SesMailerOptions) {
    this.send_ = signedFetch("ses", options.region, options.credentials);
    this.url = `${(options.endpoint ?? serviceEndpoint("email", options.region)).replace(/\/$/, "")}/v2/email/outbound-emails`;
  }

  async send(message: MailMessage): Promise<void> {
    const response = await this.send_(this.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        FromEmailAddress: this.options.from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: "UTF-8" },
            Body: { Text: { Data: message.text, Charset: "UTF-8" } },
          },
        },
      }),
    });
    const text = await response.text();
    if (response.ok) return;
    let body: { message?: string; Message?: string; __type?: string; code?: string } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): the status says enough.
    }
    const type = response.headers.get("x-amzn-errortype") ?? body.__type ?? body.code ?? "";
    const code = type.split(":")[0]!.split("#").pop() || "Unknown";
    throw new AwsServiceError("ses", "SendEmail", response.status, code, body.message ?? body.Message ?? "");
  }
}
