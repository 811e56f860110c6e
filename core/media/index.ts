// Media files in traces' inputs, outputs and metadata, uploaded through presigned URLs (docs/media.md).
export { ALLOWED_MEDIA_TYPES, mediaKind } from "./content-types";
export { forgetTraceMedia } from "./forget-media";
export { MediaPath, MediaView, UploadReport, UploadRequest, UploadUrl } from "./media.schema";
export { mediaBlobKey, mediaIdOf, mediaToken } from "./media-id";
export { getMedia, READ_URL_SECONDS } from "./read-media";
export { reportUpload, requestUpload, UPLOAD_URL_SECONDS } from "./upload-media";
