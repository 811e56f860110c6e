/**
 * The media types an SDK may upload (docs/media.md, "What may be uploaded"): the images, audio and video a
 * browser shows or plays, PDFs, and plain text data. Langfuse's own list also has formats no browser renders
 * (TIFF, HEIC, Office files, archives, binaries); those are refused, so nothing stored here needs a
 * download to be looked at, and no executable or HTML ever lies behind a media URL.
 */
export const ALLOWED_MEDIA_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "audio/mpeg",
  "audio/mp3",
  "audio/wav",
  "audio/ogg",
  "audio/oga",
  "audio/webm",
  "audio/aac",
  "audio/mp4",
  "audio/flac",
  "audio/opus",
  "video/mp4",
  "video/webm",
  "video/ogg",
  "application/pdf",
  "text/plain",
  "text/csv",
  "text/markdown",
  "application/json",
];

/** How the console shows a type: an image, a player, or a link. */
export const mediaKind = (contentType: string): "image" | "audio" | "video" | "file" =>
  contentType.startsWith("image/")
    ? "image"
    : contentType.startsWith("audio/")
      ? "audio"
      : contentType.startsWith("video/")
        ? "video"
        : "file";
