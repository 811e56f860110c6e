import { createHash } from "node:crypto";
import type { BlobStore, PresignedUpload } from "../../platform/ports";
import {
  type AwsCredentialSource,
  escapeXml,
  presignedUrl,
  s3ErrorOf,
  signedFetch,
  xmlAll,
  xmlText,
} from "./signed-fetch";

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  credentials: AwsCredentialSource;
  /** An S3-compatible endpoint (LocalStack, fauxqs, MinIO); AWS when absent. */
  endpoint?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (emulators). */
  forcePathStyle?: boolean;
  /** Prepended to every key, so several stores can share a bucket. */
  prefix?: string;
}

/** DeleteObjects accepts at most this many keys per request. */
const DELETE_CHUNK = 1000;

/** A key as a URL path: every byte but RFC 3986's unreserved characters and `/` percent-encoded. */
const encodeKey = (key: string) =>
  key
    .split("/")
    .map((part) =>
      encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join("/");

/**
 * A `BlobStore` on an S3 bucket, over S3's REST API with Signature V4 (signed-fetch.ts; docs/deployment.md).
 * Keys are stored as `prefix + key`; `list` and `get` hide the prefix again. A missing key reads as null;
 * every other failure (a missing bucket, a denied request) throws with S3's error code.
 */
export class S3BlobStore implements BlobStore {
  private readonly send: ReturnType<typeof signedFetch>;
  private readonly bucketUrl: string;
  private readonly prefix: string;
  private readonly options: S3BlobStoreOptions;

  constructor(options: S3BlobStoreOptions) {
    this.options = options;
    this.prefix = options.prefix ?? "";
    this.send = signedFetch("s3", options.region, options.credentials);
    const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
    const base = endpoint.origin + endpoint.pathname.replace(/\/$/, "");
    this.bucketUrl = options.forcePathStyle
      ? `${base}/${encodeURIComponent(options.bucket)}`
      : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, "")}`;
  }

  private objectUrl(key: string) {
    return `${this.bucketUrl}/${encodeKey(this.prefix + key)}`;
  }

  async put(key: string, body: Uint8Array | string, options?: { contentType?: string }): Promise<void> {
    const response = await this.send(this.objectUrl(key), {
      method: "PUT",
      body,
      headers: { "content-type": options?.contentType ?? "application/octet-stream" },
    });
    if (!response.ok) throw await s3ErrorOf(response, "PutObject");
    await response.arrayBuffer();
  }

  async get(key: string): Promise<Uint8Array | null> {
    const response = await this.send(this.objectUrl(key));
    if (response.ok) return new Uint8Array(await response.arrayBuffer());
    const error = await s3ErrorOf(response, "GetObject");
    // Only a missing key means "no object"; a missing bucket is a configuration error.
    if (error.code === "NoSuchKey") return null;
    throw error;
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | null = null;
    do {
      const query = new URLSearchParams({
        "list-type": "2",
        prefix: this.prefix + prefix,
        ...(token ? { "continuation-token": token } : {}),
      });
      const response = await this.send(`${this.bucketUrl}?${query}`);
      if (!response.ok) throw await s3ErrorOf(response, "ListObjectsV2");
      const xml = await response.text();
      // S3 returns keys in UTF-8 byte order, which is the order the port promises; `<Key>` only occurs in `<Contents>`.
      for (const k of xmlAll(xml, "Key")) keys.push(k.slice(this.prefix.length));
      token = xmlText(xml, "IsTruncated") === "true" ? xmlText(xml, "NextContinuationToken") : null;
    } while (token);
    return keys;
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_CHUNK) {
      const chunk = keys.slice(i, i + DELETE_CHUNK);
      const body = `<Delete><Quiet>true</Quiet>${chunk.map((k) => `<Object><Key>${escapeXml(this.prefix + k)}</Key></Object>`).join("")}</Delete>`;
      // S3 requires an integrity header on DeleteObjects.
      const md5 = createHash("md5").update(body).digest("base64");
      const response = await this.send(`${this.bucketUrl}?delete`, {
        method: "POST",
        body,
        headers: { "content-type": "application/xml", "content-md5": md5 },
      });
      if (!response.ok) throw await s3ErrorOf(response, "DeleteObjects");
      // DeleteObjects answers 200 even when some keys failed; missing keys are not errors.
      const errors = [...(await response.text()).matchAll(/<Error>([\s\S]*?)<\/Error>/g)].map((m) => m[1]!);
      if (errors.length > 0) {
        const first = errors[0]!;
        throw new Error(
          `S3 DeleteObjects failed for ${errors.length} key(s); first: ${xmlText(first, "Key")} (${xmlText(first, "Code")}: ${xmlText(first, "Message")})`,
        );
      }
    }
  }

  /**
   * A presigned PutObject: content type, length and `x-amz-checksum-sha256` are signed headers, so S3 itself
   * refuses other bytes (a checksum mismatch is S3's 400 BadDigest) and nothing is stored.
   */
  async presignPut(key: string, upload: PresignedUpload): Promise<string> {
    const headers = {
      "content-type": upload.contentType,
      "content-length": String(upload.contentLength),
      "x-amz-checksum-sha256": upload.sha256,
    };
    return presignedUrl("s3", this.options.region, this.options.credentials, {
      method: "PUT",
      url: this.objectUrl(key),
      headers,
      expiresInSeconds: upload.expiresInSeconds,
    });
  }

  /** A presigned GetObject whose answer carries `contentType` (`response-content-type`, part of the signature). */
  async presignGet(key: string, read: { contentType: string; expiresInSeconds: number }): Promise<string> {
    const url = `${this.objectUrl(key)}?${new URLSearchParams({ "response-content-type": read.contentType })}`;
    return presignedUrl("s3", this.options.region, this.options.credentials, {
      method: "GET",
      url,
      expiresInSeconds: read.expiresInSeconds,
    });
  }
}
