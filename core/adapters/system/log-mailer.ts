import type { Log, Mailer, MailMessage } from "../../platform/ports";

/**
 * The single-process runtime's mailer: writes each message to the service log, so whoever runs `npm start`
 * copies the magic link from there (docs/auth.md, "Magic link"). Never on AWS, where links go by SES.
 */
export function logMailer(log: Log): Mailer {
  return {
    async send(message: MailMessage) {
      log.info("email (not sent: the local runtime prints it)", {
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

/** Keeps what it is sent, for tests that follow a magic link. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message: MailMessage) {
      sent.push(message);
    },
  };
}
