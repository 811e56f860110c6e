import type { Connection } from "./api";

/** A failure the command reports and turns into its exit code: 1 a failed check, 2 usage or connection. */
export class CliError extends Error {
  constructor(
    readonly exitCode: 1 | 2,
    message: string,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export const usage = (message: string) => new CliError(2, message);

/** `--url`, `--public-key`, `--secret-key`, or SIGHTLINE_BASE_URL, SIGHTLINE_PUBLIC_KEY, SIGHTLINE_SECRET_KEY. */
export function connectionOf(
  values: { url?: string; "public-key"?: string; "secret-key"?: string },
  env: NodeJS.ProcessEnv,
): Connection {
  const baseUrl = values.url ?? env.SIGHTLINE_BASE_URL;
  const publicKey = values["public-key"] ?? env.SIGHTLINE_PUBLIC_KEY;
  const secretKey = values["secret-key"] ?? env.SIGHTLINE_SECRET_KEY;
  const missing = [
    !baseUrl && "--url (or SIGHTLINE_BASE_URL)",
    !publicKey && "--public-key (or SIGHTLINE_PUBLIC_KEY)",
    !secretKey && "--secret-key (or SIGHTLINE_SECRET_KEY)",
  ].filter(Boolean);
  if (missing.length) throw usage(`Missing connection settings: ${missing.join(", ")}`);
  return { baseUrl: baseUrl!, publicKey: publicKey!, secretKey: secretKey! };
}

export const CONNECTION_OPTIONS = {
  url: { type: "string" },
  "public-key": { type: "string" },
  "secret-key": { type: "string" },
} as const;
