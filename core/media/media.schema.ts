import * as z from "zod";

/** `POST /api/public/media`: what Langfuse's SDKs send before an upload (docs/media.md). */
export const UploadRequest = z.object({
  traceId: z.string().min(1, "traceId is required"),
  observationId: z.string().min(1).nullish(),
  contentType: z.string().min(1),
  contentLength: z.number().int().nonnegative(),
  sha256Hash: z.string().min(1),
  field: z.enum(["input", "output", "metadata"]),
});
export type UploadRequest = z.infer<typeof UploadRequest>;

export const UploadUrl = z.object({
  mediaId: z.string(),
  /** Null when the project already holds these bytes: nothing to upload. */
  uploadUrl: z.string().nullable(),
});
export type UploadUrl = z.infer<typeof UploadUrl>;

/** `PATCH /api/public/media/{mediaId}`: how the upload went, as the uploader saw it. */
export const UploadReport = z.object({
  uploadedAt: z.string().datetime({ offset: true }),
  uploadHttpStatus: z.number().int(),
  uploadHttpError: z.string().nullish(),
  uploadTimeMs: z.number().int().nonnegative().nullish(),
});
export type UploadReport = z.infer<typeof UploadReport>;

export const MediaPath = z.object({ mediaId: z.string().min(1) });

/** One uploaded media file with a short-lived URL that serves its bytes. */
export const MediaView = z.object({
  mediaId: z.string(),
  contentType: z.string(),
  contentLength: z.number(),
  uploadedAt: z.string(),
  url: z.string(),
  urlExpiry: z.string(),
});
export type MediaView = z.infer<typeof MediaView>;
