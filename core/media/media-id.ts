/** A SHA-256 given as base64 (standard or URL-safe): 32 bytes, else null. */
export function sha256Bytes(hash: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(hash)) return null;
  const bytes = Buffer.from(hash.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : null;
}

/**
 * The media id of these bytes, as Langfuse's SDKs compute it before asking (`LangfuseMedia.getId()`): the first
 * 22 characters of the URL-safe base64 SHA-256. The SDK refuses an upload whose id differs from the server's.
 */
export const mediaIdOf = (sha256: Buffer) => sha256.toString("base64url").slice(0, 22);

/** Where a project's media bytes live in the blob store. */
export const mediaBlobKey = (projectId: string, mediaId: string) => `media/${projectId}/${mediaId}`;

/** The reference token an SDK leaves in an input, output or metadata in place of the bytes. */
export const mediaToken = (m: { contentType: string; mediaId: string; source?: string }) =>
  `@@@langfuseMedia:type=${m.contentType}|id=${m.mediaId}|source=${m.source ?? "bytes"}@@@`;
