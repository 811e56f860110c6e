import type { IncomingMessage, ServerResponse } from "node:http";
import { BlobRejected, type FsBlobStore } from "./fs-blob-store";
import type { SignedBlobUrls } from "./signed-blob-urls";

const reply = (res: ServerResponse, status: number, code: string, message: string): void =>
  void res
    .writeHead(status, { "content-type": "application/json", connection: "close" })
    .end(JSON.stringify({ error: { code, message } }));

/**
 * Answers the signed URLs of an `FsBlobStore` as S3 answers presigned ones (docs/media.md, "Upload URLs"): PUT
 * streams the body into the store, checked against the signed content type, length and SHA-256 (400, nothing
 * kept, when they differ); GET streams the object with the signed content type. A bad signature or an expired
 * URL is a 403 before any byte is read.
 */
export async function serveSignedBlob(
  store: FsBlobStore,
  urls: SignedBlobUrls,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? "GET";
  const verified = urls.verify(method, url);
  if (!verified.ok) {
    req.resume();
    return reply(res, 403, "forbidden", verified.message);
  }
  const { grant } = verified;
  if (grant.method === "GET") {
    const object = await store.openRead(grant.key);
    if (!object) return reply(res, 404, "not_found", "No object at this URL");
    res.writeHead(200, {
      "content-type": grant.contentType,
      "content-length": String(object.size),
      "cache-control": "private, max-age=60",
    });
    if (method === "HEAD") return void res.end(object.stream.destroy());
    object.stream.pipe(res);
    return;
  }
  const { upload } = grant;
  const sentType = req.headers["content-type"] ?? "";
  if (sentType !== upload.contentType) {
    req.resume();
    return reply(
      res,
      400,
      "invalid_input",
      `Content-Type must be ${upload.contentType}, as the URL was signed for; got ${sentType || "none"}`,
    );
  }
  const sentLength = req.headers["content-length"];
  if (sentLength !== undefined && Number(sentLength) !== upload.contentLength) {
    req.resume();
    return reply(
      res,
      400,
      "invalid_input",
      `Content-Length must be ${upload.contentLength}, as the URL was signed for; got ${sentLength}`,
    );
  }
  try {
    await store.receive(grant.key, req, { contentLength: upload.contentLength, sha256: upload.sha256 });
  } catch (e) {
    if (!(e instanceof BlobRejected)) throw e;
    req.resume();
    return reply(res, 400, "invalid_input", e.message);
  }
  res.writeHead(200, { "content-length": "0" }).end();
}
