import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import type { BlobStore } from "../../platform/ports";

export type S3BlobStoreOptions = (
  | { client: S3Client; bucket: string }
  | {
      bucket: string;
      region: string;
      /** An S3-compatible endpoint (LocalStack, fauxqs, MinIO); AWS when absent. */
      endpoint?: string;
      forcePathStyle?: boolean;
      /** Static credentials; the SDK's default provider chain when absent. */
      credentials?: S3ClientConfig["credentials"];
    }
) & {
  /** Prepended to every key, so several stores can share a bucket. */
  prefix?: string;
};

/** DeleteObjects accepts at most this many keys per request. */
const DELETE_CHUNK = 1000;

/**
 * A `BlobStore` on an S3 bucket. Keys are stored as `prefix + key`; `list` and
 * `get` hide the prefix again. Errors other than a missing key propagate as the
 * SDK raised them.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    this.client =
      "client" in options
        ? options.client
        : new S3Client({
            region: options.region,
            endpoint: options.endpoint,
            forcePathStyle: options.forcePathStyle,
            credentials: options.credentials,
          });
  }

  async put(key: string, body: Uint8Array | string, options?: { contentType?: string }): Promise<void> {
    // An explicit length keeps the SDK from treating an empty body as a stream of unknown length.
    const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: body, ContentLength: length, ContentType: options?.contentType }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      if (!res.Body) return new Uint8Array();
      const bytes = await res.Body.transformToByteArray();
      // Callers compare with plain Uint8Arrays; the SDK may hand back a Buffer.
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (e) {
      // Only a missing key means "no object"; a missing bucket is a configuration error.
      if (e instanceof NoSuchKey || (e as { name?: string }).name === "NoSuchKey") return null;
      throw e;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      // S3 returns keys in UTF-8 byte order, which is the order the port promises.
      for (const object of res.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key.slice(this.prefix.length));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_CHUNK) {
      const chunk = keys.slice(i, i + DELETE_CHUNK);
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: chunk.map((k) => ({ Key: this.prefix + k })), Quiet: true },
        }),
      );
      // DeleteObjects answers 200 even when some keys failed; missing keys are not errors.
      const failed = res.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(`S3 DeleteObjects failed for ${failed.length} key(s); first: ${first?.Key} (${first?.Code}: ${first?.Message})`);
      }
    }
  }
}
