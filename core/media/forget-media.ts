import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { media, mediaLinks } from "./media.sql";

const CHUNK = 1_000;

/**
 * Called when traces are deleted (one trace, an end user's, past retention): drops their media links, then every
 * media file of the project that no remaining link uses, blob and row (docs/media.md, "Deletion"). Returns how
 * many media files went.
 */
export async function forgetTraceMedia(
  deps: Pick<Deps, "db" | "blobs">,
  projectId: string,
  traceIds: readonly string[],
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < traceIds.length; i += CHUNK) {
    const ids = traceIds.slice(i, i + CHUNK) as string[];
    const unlinked = await deps.db
      .delete(mediaLinks)
      .where(and(eq(mediaLinks.projectId, projectId), inArray(mediaLinks.traceId, ids)))
      .returning({ mediaId: mediaLinks.mediaId });
    const candidates = [...new Set(unlinked.map((l) => l.mediaId))];
    if (candidates.length === 0) continue;
    const kept = await deps.db
      .selectDistinct({ mediaId: mediaLinks.mediaId })
      .from(mediaLinks)
      .where(and(eq(mediaLinks.projectId, projectId), inArray(mediaLinks.mediaId, candidates)));
    const keep = new Set(kept.map((k) => k.mediaId));
    const orphans = candidates.filter((id) => !keep.has(id));
    if (orphans.length === 0) continue;
    // Rows first, then blobs: a blob left by a crash in between is unreachable, never a row without bytes.
    const gone = await deps.db
      .delete(media)
      .where(and(eq(media.projectId, projectId), inArray(media.id, orphans)))
      .returning({ blobKey: media.blobKey });
    if (gone.length) await deps.blobs.delete(gone.map((g) => g.blobKey));
    removed += gone.length;
  }
  return removed;
}
