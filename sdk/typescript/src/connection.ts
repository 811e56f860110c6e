/** Where the service is and the project key that calls it. */
export interface Connection {
  /** The service address, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  publicKey: string;
  secretKey: string;
}

type Env = Record<string, string | undefined>;

/** `process.env` where there is one (Node, Bun, Deno with its Node layer); nothing in a browser. */
export const platformEnv = (): Env => (globalThis as { process?: { env?: Env } }).process?.env ?? {};

/**
 * The connection from the given values, each falling back to `SIGHTLINE_BASE_URL`, `SIGHTLINE_PUBLIC_KEY`
 * and `SIGHTLINE_SECRET_KEY`. @throws Error naming every missing setting.
 */
export function resolveConnection(given: Partial<Connection>, env: Env = platformEnv()): Connection {
  const baseUrl = given.baseUrl ?? env.SIGHTLINE_BASE_URL;
  const publicKey = given.publicKey ?? env.SIGHTLINE_PUBLIC_KEY;
  const secretKey = given.secretKey ?? env.SIGHTLINE_SECRET_KEY;
  const missing = [
    !baseUrl && "baseUrl (or SIGHTLINE_BASE_URL)",
    !publicKey && "publicKey (or SIGHTLINE_PUBLIC_KEY)",
    !secretKey && "secretKey (or SIGHTLINE_SECRET_KEY)",
  ].filter(Boolean);
  if (missing.length) throw new Error(`Sightline: missing ${missing.join(", ")}`);
  return { baseUrl: baseUrl!, publicKey: publicKey!, secretKey: secretKey! };
}

/** Base64 of UTF-8 text with `btoa`, which every runtime has (Buffer is Node's only). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Basic credentials of a project key. */
export const authorization = (c: Pick<Connection, "publicKey" | "secretKey">) =>
  `Basic ${base64(`${c.publicKey}:${c.secretKey}`)}`;
