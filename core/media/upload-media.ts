import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { AppError, invalid, notFound } from "../platform/errors";
import { ALLOWED_MEDIA_TYPES } from "./content-types";
import type { UploadReport, UploadRequest, UploadUrl } from "./media.schema";
import { media, mediaLinks } from "./media.sql";
import { mediaBlobKey, mediaIdOf, sha256Bytes } from "./media-id";

/** How long an upload URL stays valid: SDKs upload at once, so a few minutes of slack is plenty. */
export const UPLOAD_URL_SECONDS = 15 * 60;

const uploaded = (status: number | null) => status === 200 || status === 201;

/**
 * `POST /api/public/media`: records that these bytes appear in a field of a trace (or observation) and hands back
 * where to upload them. The id is derived from the SHA-256, so bytes the project already holds are linked and
 * answer `uploadUrl: null` (docs/media.md, "Deduplication").
 *
 * @throws invalid_input for a type outside the allow-list or a malformed hash; payload_too_large past the limit.
 */
export async function requestUpload(
  deps: Pick<Deps, "db" | "blobs" | "clock" | "config">,
  projectId: string,
  input: UploadRequest,
): Promise<UploadUrl> {
  const contentType = input.contentType.trim().toLowerCase();
  if (!ALLOWED_MEDIA_TYPES.includes(contentType)) {
    throw invalid(
      `Content type '${input.contentType}' is not allowed for media; allowed: ${ALLOWED_MEDIA_TYPES.join(", ")}`,
    );
  }
  if (input.contentLength === 0) throw invalid("contentLength must be at least 1: empty media holds nothing to show");
  if (input.contentLength > deps.config.mediaMaxBytes) {
    throw new AppError(
      "payload_too_large",
      `Media of ${input.contentLength} bytes exceeds the limit of ${deps.config.mediaMaxBytes} bytes`,
    );
  }
  const hash = sha256Bytes(input.sha256Hash);
  if (!hash) throw invalid("sha256Hash must be the base64 SHA-256 of the bytes (32 bytes, 44 characters)");
  const sha256 = hash.toString("base64");
  const mediaId = mediaIdOf(hash);
  const now = deps.clock.now();
  const blobKey = mediaBlobKey(projectId, mediaId);

  const row = await deps.db.transaction(async (tx) => {
    await tx
      .insert(media)
      .values({
        projectId,
        id: mediaId,
        sha256Hash: sha256,
        contentType,
        contentLength: input.contentLength,
        blobKey,
        createdAt: now,
      })
      .onConflictDoNothing();
    await tx
      .insert(mediaLinks)
      .values({
        projectId,
        mediaId,
        traceId: input.traceId,
        observationId: input.observationId ?? "",
        field: input.field,
        createdAt: now,
      })
      .onConflictDoNothing();
    const [found] = await tx
      .select()
      .from(media)
      .where(and(eq(media.projectId, projectId), eq(media.id, mediaId)));
    return found!;
  });
  // 22 characters of the hash name the row: a different full hash or length is another file, or a lying client.
  if (row.sha256Hash !== sha256 || row.contentLength !== input.contentLength) {
    throw invalid(
      `Media '${mediaId}' is already stored with another ${row.sha256Hash !== sha256 ? "sha256Hash" : "contentLength"}`,
    );
  }
  if (row.uploadedAt && uploaded(row.uploadHttpStatus)) return { mediaId, uploadUrl: null };
  const uploadUrl = await deps.blobs.presignPut(blobKey, {
    contentType: row.contentType,
    contentLength: row.contentLength,
    sha256,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  });
  return { mediaId, uploadUrl };
}

/**
 * `PATCH /api/public/media/{mediaId}`: the uploader's report. A 200/201 makes the media readable; a failure is
 * kept for diagnosis, unless an earlier upload of the same bytes already succeeded.
 *
 * @throws not_found when the project has no such media.
 */
export async function reportUpload(
  deps: Pick<Deps, "db">,
  projectId: string,
  mediaId: string,
  report: UploadReport,
): Promise<void> {
  const ok = uploaded(report.uploadHttpStatus);
  const values = {
    uploadHttpStatus: report.uploadHttpStatus,
    uploadHttpError: ok ? null : (report.uploadHttpError ?? null),
    uploadTimeMs: report.uploadTimeMs ?? null,
    uploadedAt: ok ? new Date(report.uploadedAt) : null,
  };
  const where = and(eq(media.projectId, projectId), eq(media.id, mediaId));
  const changed = await deps.db
    .update(media)
    .set(values)
    .where(ok ? where : and(where, sql`${media.uploadedAt} IS NULL`))
    .returning({ id: media.id });
  if (changed.length > 0) return;
  const [exists] = await deps.db.select({ id: media.id }).from(media).where(where);
  if (!exists) throw notFound("Media", mediaId);
}
