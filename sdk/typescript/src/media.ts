import type { Connection } from "./connection.js";
import { SightlineError } from "./errors.js";
import { call, type Transport } from "./http.js";

export interface MediaUpload {
  /** The trace whose input, output or metadata holds the media. */
  traceId: string;
  /** The observation, when the media is in one of its fields rather than the trace's. */
  observationId?: string;
  field: "input" | "output" | "metadata";
  /** One of the allowed media types (docs/media.md), e.g. `image/png`, `audio/wav`, `application/pdf`. */
  contentType: string;
  bytes: Uint8Array;
}

export interface AttachedMedia {
  mediaId: string;
  /** Put this string where the bytes were in the input, output or metadata; the console shows the media there. */
  token: string;
}

const base64 = (bytes: Uint8Array) => {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};

/** Langfuse's error body `{message, error, code}` (the media routes answer it) as a SightlineError. */
function errorOf(status: number, body: unknown, what: string): SightlineError {
  const b = (body ?? {}) as { message?: string; code?: string; details?: unknown };
  return new SightlineError(status, b.code ?? "http_error", b.message ?? `${what} answered ${status}`, b.details);
}

/**
 * Uploads media bytes through `/api/public/media` (the presigned upload the Langfuse SDKs use) and answers the
 * reference token to put in a trace's or observation's input, output or metadata. Bytes the project already
 * holds are not sent again. @throws SightlineError for a refused type or size (400, 413) or a failed upload.
 */
export async function attachMedia(conn: Connection, media: MediaUpload, transport?: Transport): Promise<AttachedMedia> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", media.bytes as Uint8Array<ArrayBuffer>));
  const sha256Hash = base64(digest);
  const asked = await call(
    conn,
    "POST",
    "/api/public/media",
    {
      traceId: media.traceId,
      observationId: media.observationId,
      field: media.field,
      contentType: media.contentType,
      contentLength: media.bytes.length,
      sha256Hash,
    },
    transport,
  );
  if (asked.status !== 200) throw errorOf(asked.status, asked.body, "POST /api/public/media");
  const { mediaId, uploadUrl } = asked.body as { mediaId: string; uploadUrl: string | null };
  const token = `@@@langfuseMedia:type=${media.contentType}|id=${mediaId}|source=bytes@@@`;
  if (uploadUrl === null) return { mediaId, token };

  const started = Date.now();
  const doFetch = transport?.fetch ?? fetch;
  // The checksum header is part of an S3 upload URL's signature; the local server checks the hash itself.
  const put = await doFetch(uploadUrl, {
    method: "PUT",
    body: media.bytes as Uint8Array<ArrayBuffer>,
    headers: { "content-type": media.contentType, "x-amz-checksum-sha256": sha256Hash },
  });
  const putText = await put.text();
  const report = {
    uploadedAt: new Date().toISOString(),
    uploadHttpStatus: put.status,
    uploadHttpError: put.ok ? null : putText,
    uploadTimeMs: Date.now() - started,
  };
  const reported = await call(conn, "PATCH", `/api/public/media/${encodeURIComponent(mediaId)}`, report, transport);
  if (!put.ok) {
    let message = putText;
    try {
      message = (JSON.parse(putText) as { error?: { message?: string } }).error?.message ?? putText;
    } catch {}
    throw new SightlineError(put.status, "upload_failed", `Media upload failed with ${put.status}: ${message}`);
  }
  if (reported.status >= 300) throw errorOf(reported.status, reported.body, `PATCH /api/public/media/${mediaId}`);
  return { mediaId, token };
}
