import { SesMailer } from "@core/adapters/aws/ses-mailer";
import type { Env } from "../env";
import type { Port } from "../ports";
import { awsClientOptions, awsCredentials } from "./aws-options";

/** SES, from `SIGHTLINE_MAIL_FROM` (docs/auth.md, "Magic link"); only the /v1/auth function declares it. */
export const mailer: Port<"mailer"> = {
  name: "mailer",
  open(env: Env) {
    // Password sign-in works without a sender; only sending a magic link fails (a logged 500).
    if (!env.SIGHTLINE_MAIL_FROM)
      return {
        send: () =>
          Promise.reject(new Error("Invalid configuration: SIGHTLINE_MAIL_FROM must be set to send magic links")),
      };
    return new SesMailer({
      from: env.SIGHTLINE_MAIL_FROM,
      ...awsClientOptions(env),
      credentials: awsCredentials(env),
    });
  },
};
