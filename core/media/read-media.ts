import { and, eq } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { AppError, notFound } from "../platform/errors";
import type { MediaView } from "./media.schema";
import { media } from "./media.sql";

/** How long a read URL stays valid: long enough for a console page left open, short enough not to be a link to share. */
export const READ_URL_SECONDS = 60 * 60;

/**
 * One uploaded media file of the project with a short-lived URL serving its bytes (`GET /api/public/media/{id}`,
 * `GET /v1/media/{id}`; docs/media.md, "Reading").
 *
 * @throws not_found when the project has no such media, or its upload was never confirmed.
 */
export async function getMedia(
  deps: Pick<Deps, "db" | "blobs" | "clock">,
  projectId: string,
  mediaId: string,
): Promise<MediaView> {
  const [row] = await deps.db
    .select()
    .from(media)
    .where(and(eq(media.projectId, projectId), eq(media.id, mediaId)));
  if (!row) throw notFound("Media", mediaId);
  if (!row.uploadedAt) throw new AppError("not_found", `Media '${mediaId}' has not been uploaded yet`);
  const url = await deps.blobs.presignGet(row.blobKey, {
    contentType: row.contentType,
    expiresInSeconds: READ_URL_SECONDS,
  });
  return {
    mediaId,
    contentType: row.contentType,
    contentLength: row.contentLength,
    uploadedAt: row.uploadedAt.toISOString(),
    url,
    urlExpiry: new Date(deps.clock.now().getTime() + READ_URL_SECONDS * 1000).toISOString(),
  };
}
