import type { ExportBuckets, ExportTarget } from "../../platform/ports";
import { type AwsCredentialSource, escapeXml, s3ErrorOf, signedFetch, xmlText } from "./signed-fetch";

/** S3's smallest part but the last; a part is buffered whole, so this bounds an upload's memory. */
export const PART_BYTES = 8 * 1024 * 1024;

const encodeKey = (key: string) =>
  key
    .split("/")
    .map((part) =>
      encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join("/");

export interface S3ExportBucketsOptions {
  /** Used when a target names no keys of its own: the function's role on AWS (docs/export.md). */
  ownCredentials: () => AwsCredentialSource;
  /** Parts of this many bytes (tests make them small to exercise multipart). */
  partBytes?: number;
}

/**
 * Export files into any S3-compatible bucket over S3's REST API (signed-fetch.ts). A body shorter than one part
 * is one PutObject; a longer one a multipart upload of `PART_BYTES` parts, completed only after the last part,
 * and aborted when anything fails, so the key never holds half a file.
 */
export function s3ExportBuckets(options: S3ExportBucketsOptions): ExportBuckets {
  const partBytes = options.partBytes ?? PART_BYTES;
  return {
    async write(target: ExportTarget, key: string, body: AsyncIterable<string | Uint8Array>, contentType: string) {
      const credentials = target.credentials ?? options.ownCredentials();
      const send = signedFetch("s3", target.region, credentials);
      const url = objectUrl(target, key);
      let uploadId: string | null = null;
      const etags: string[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let bytes = 0;

      const flushPart = async () => {
        if (uploadId === null) {
          const created = await send(`${url}?uploads`, { method: "POST", headers: { "content-type": contentType } });
          if (!created.ok) throw await s3ErrorOf(created, "CreateMultipartUpload");
          uploadId = xmlText(await created.text(), "UploadId");
          if (!uploadId) throw new Error("S3 CreateMultipartUpload answered no UploadId");
        }
        const part = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const response = await send(`${url}?partNumber=${etags.length + 1}&uploadId=${encodeURIComponent(uploadId)}`, {
          method: "PUT",
          body: part,
        });
        if (!response.ok) throw await s3ErrorOf(response, "UploadPart");
        await response.arrayBuffer();
        etags.push(response.headers.get("etag") ?? "");
      };

      try {
        for await (const chunk of body) {
          const buf =
            typeof chunk === "string"
              ? Buffer.from(chunk, "utf8")
              : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          pending.push(buf);
          pendingBytes += buf.length;
          bytes += buf.length;
          if (pendingBytes >= partBytes) await flushPart();
        }
        if (uploadId === null) {
          const response = await send(url, {
            method: "PUT",
            body: Buffer.concat(pending, pendingBytes),
            headers: { "content-type": contentType },
          });
          if (!response.ok) throw await s3ErrorOf(response, "PutObject");
          await response.arrayBuffer();
          return { bytes };
        }
        if (pendingBytes > 0) await flushPart();
        const parts = etags
          .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`)
          .join("");
        const done = await send(`${url}?uploadId=${encodeURIComponent(uploadId)}`, {
          method: "POST",
          body: `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`,
          headers: { "content-type": "application/xml" },
        });
        const text = await done.text();
        // CompleteMultipartUpload may answer 200 with an error document.
        if (!done.ok || text.includes("<Error>"))
          throw Object.assign(
            new Error(
              `S3 CompleteMultipartUpload failed with ${done.status}: ${xmlText(text, "Code") ?? ""} ${xmlText(text, "Message") ?? ""}`.trim(),
            ),
            { status: done.status },
          );
        return { bytes };
      } catch (error) {
        if (uploadId !== null) {
          await send(`${url}?uploadId=${encodeURIComponent(uploadId)}`, { method: "DELETE" }).then(
            (r) => r.arrayBuffer(),
            () => undefined,
          );
        }
        throw error;
      }
    },
  };
}

function objectUrl(target: ExportTarget, key: string): string {
  if (target.endpoint) {
    // An S3-compatible endpoint: path style, as MinIO and the emulators expect.
    const endpoint = new URL(target.endpoint);
    return `${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${encodeURIComponent(target.bucket)}/${encodeKey(key)}`;
  }
  return `https://${target.bucket}.s3.${target.region}.amazonaws.com/${encodeKey(key)}`;
}
