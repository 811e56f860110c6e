import { type Connection, request as sdkRequest } from "../typescript/src/index.js";

export { type Connection, SightlineError } from "../typescript/src/index.js";

/** An import chunk or a long list may take longer than an application should wait: the command waits up to 5 minutes a call. */
const CLI_TRANSPORT = { timeoutMs: 300_000 };

/** The SDK's request with the command's patience; 429s and 5xx are retried with backoff as in the SDK. */
export const request = <T = unknown>(conn: Connection, method: string, path: string, body?: unknown): Promise<T> =>
  sdkRequest<T>(conn, method, path, body, CLI_TRANSPORT);
