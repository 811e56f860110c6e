import { AwsClient, AwsV4Signer } from "aws4fetch";

/** Credentials of one AWS principal (on Lambda, the function role's, from its environment). */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Static credentials, or a provider asked before every request (it may cache and refresh them). */
export type AwsCredentialSource = AwsCredentials | (() => Promise<AwsCredentials>);

/** Attempts after a 5xx, a 429 or a refused connection, as the AWS SDKs' standard retry mode. */
const ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 50;

/**
 * One AWS service over HTTPS with Signature V4 (aws4fetch): what a Lambda bundle carries instead of an AWS
 * SDK client, which costs 150–450 KB and most of a cold start (docs/deployment.md). Answers come back as
 * they are; the caller reads the service's errors.
 */
export function signedFetch(service: string, region: string, credentials: AwsCredentialSource) {
  const signer = new AwsClient({ accessKeyId: "-", secretAccessKey: "-", service, region, retries: 0 });
  return async function send(url: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const creds = typeof credentials === "function" ? await credentials() : credentials;
      const request = await signer.sign(url, {
        ...init,
        aws: {
          accessKeyId: creds.accessKeyId,
          secretAccessKey: creds.secretAccessKey,
          sessionToken: creds.sessionToken,
          service,
          region,
        },
      });
      try {
        const response = await fetch(request);
        if ((response.status < 500 && response.status !== 429) || attempt === ATTEMPTS) return response;
        await response.arrayBuffer();
      } catch (error) {
        if (attempt === ATTEMPTS) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * FIRST_BACKOFF_MS * 2 ** attempt));
    }
  };
}

/**
 * A presigned URL (Signature V4 in the query string): its holder may send `method` to `url` with exactly these
 * `headers` until `expiresInSeconds` pass; S3 refuses any other value of a signed header (docs/media.md).
 */
export async function presignedUrl(
  service: string,
  region: string,
  credentials: AwsCredentialSource,
  request: { method: string; url: string; headers?: Record<string, string>; expiresInSeconds: number },
): Promise<string> {
  const creds = typeof credentials === "function" ? await credentials() : credentials;
  const url = new URL(request.url);
  url.searchParams.set("X-Amz-Expires", String(request.expiresInSeconds));
  // allHeaders: content-length is signed too, so the holder can send no other size.
  const signer = new AwsV4Signer({
    method: request.method,
    url: url.toString(),
    headers: request.headers ?? {},
    accessKeyId: creds.accessKeyId,
    secretAccessKey: creds.secretAccessKey,
    sessionToken: creds.sessionToken,
    service,
    region,
    signQuery: true,
    allHeaders: true,
  });
  const signed = await signer.sign();
  return signed.url.toString();
}

/** The `<Code>` and `<Message>` of an S3 error document, or the status alone. */
export async function s3ErrorOf(
  response: Response,
  operation: string,
): Promise<Error & { code?: string; status: number }> {
  const text = await response.text().catch(() => "");
  const code = xmlText(text, "Code");
  const message = xmlText(text, "Message");
  return Object.assign(
    new Error(
      `S3 ${operation} failed with ${response.status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`,
    ),
    { code: code ?? undefined, status: response.status },
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text of an XML element's content, entities decoded. */
export const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : ENTITIES[e.toLowerCase()]!,
  );

/** Text for an XML element's content. */
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Every `<tag>…</tag>` content in a flat XML document (S3 answers nest no element inside itself). */
export const xmlAll = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => unescapeXml(m[1]!));
export const xmlText = (xml: string, tag: string): string | null => xmlAll(xml, tag)[0] ?? null;

/**
 * The regional endpoint of an AWS service (`https://sqs.us-east-1.amazonaws.com`), as the SDKs resolve it for the
 * standard partitions; China's regions use `amazonaws.com.cn`. Set `AWS_ENDPOINT_URL` for any other.
 */
export const serviceEndpoint = (service: string, region: string) =>
  `https://${service}.${region}.amazonaws.com${region.startsWith("cn-") ? ".cn" : ""}`;

/** An AWS error answered in the JSON protocols: its code (`__type` without the namespace) and message. */
export class AwsServiceError extends Error {
  constructor(
    readonly service: string,
    readonly operation: string,
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(`${service} ${operation} failed with ${status} ${code}${detail ? `: ${detail}` : ""}`);
    this.name = code;
  }
}

/**
 * One operation of a service spoken in AWS's JSON protocol (`application/x-amz-json-1.0` or `-1.1`, the operation in
 * `X-Amz-Target`), as the AWS SDK sends it, signed and retried by signedFetch.
 * @throws AwsServiceError when the service refuses the call.
 */
export function awsJsonCall(options: {
  service: string;
  region: string;
  credentials: AwsCredentialSource;
  endpoint: string;
  version: "1.0" | "1.1";
  targetPrefix: string;
}) {
  const send = signedFetch(options.service, options.region, options.credentials);
  const url = options.endpoint.endsWith("/") ? options.endpoint : `${options.endpoint}/`;
  return async <T = unknown>(operation: string, input: Record<string, unknown>): Promise<T> => {
    const response = await send(url, {
      method: "POST",
      headers: {
        "content-type": `application/x-amz-json-${options.version}`,
        "x-amz-target": `${options.targetPrefix}.${operation}`,
      },
      body: JSON.stringify(input),
    });
    const text = await response.text();
    if (response.ok) return (text ? JSON.parse(text) : {}) as T;
    let body: { __type?: string; message?: string; Message?: string } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): the status says enough.
    }
    // `__type` may name the namespace (`com.amazonaws.sqs#QueueDoesNotExist`) and carry a suffix after `:`.
    const code =
      (body.__type ?? response.headers.get("x-amzn-errortype") ?? "").split(":")[0]!.split("#").pop() || "Unknown";
    throw new AwsServiceError(options.service, operation, response.status, code, body.message ?? body.Message ?? "");
  };
}
