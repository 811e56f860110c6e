import { createHmac, timingSafeEqual } from "node:crypto";
import type { PresignedUpload } from "../../platform/ports";

/** Where the local server answers signed blob URLs (functions/local/http-server.ts). */
export const SIGNED_BLOB_PATH = "/local-blobs/";

/** What a valid signed URL grants: one method on one key, until `expiresAt`. */
export type BlobGrant =
  | { method: "PUT"; key: string; expiresAt: Date; upload: Omit<PresignedUpload, "expiresInSeconds"> }
  | { method: "GET"; key: string; expiresAt: Date; contentType: string };

export type VerifiedUrl = { ok: true; grant: BlobGrant } | { ok: false; message: string };

const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

/**
 * The local stand-in for S3's presigned URLs (docs/media.md, "Upload URLs"): an HMAC-SHA256, under a key derived
 * from the key ring, over the method, the blob key, what the holder may send or read, and the expiry. The
 * URL names the server that `npm start` listens on, known only once it listens (`serveAt`).
 */
export class SignedBlobUrls {
  private base: string | null = null;

  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  serveAt(baseUrl: string): void {
    this.base = baseUrl.replace(/\/$/, "");
  }

  upload(key: string, upload: PresignedUpload): string {
    const exp = this.expiry(upload.expiresInSeconds);
    const params = { ct: upload.contentType, len: String(upload.contentLength), sha: upload.sha256, exp };
    return this.url(key, { ...params, sig: this.mac("PUT", key, params) });
  }

  download(key: string, read: { contentType: string; expiresInSeconds: number }): string {
    const params = { ct: read.contentType, exp: this.expiry(read.expiresInSeconds) };
    return this.url(key, { ...params, sig: this.mac("GET", key, params) });
  }

  /** Checks a request's URL: its signature first (nothing else is trusted before), then its expiry. */
  verify(method: string, url: URL): VerifiedUrl {
    if (!url.pathname.startsWith(SIGNED_BLOB_PATH)) return { ok: false, message: "Not a signed blob URL" };
    let key: string;
    try {
      key = url.pathname.slice(SIGNED_BLOB_PATH.length).split("/").map(decodeURIComponent).join("/");
    } catch {
      return { ok: false, message: "Signed URL has a malformed key" };
    }
    const q = url.searchParams;
    const ct = q.get("ct") ?? "";
    const exp = q.get("exp") ?? "";
    const sig = q.get("sig") ?? "";
    const params: Record<string, string> =
      method === "PUT" ? { ct, len: q.get("len") ?? "", sha: q.get("sha") ?? "", exp } : { ct, exp };
    if (method !== "PUT" && method !== "GET" && method !== "HEAD")
      return { ok: false, message: `Signed URLs take PUT or GET, not ${method}` };
    const expected = Buffer.from(this.mac(method === "HEAD" ? "GET" : method, key, params));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, message: "The URL's signature does not match: use the URL exactly as it was given" };
    const expiresAt = new Date(Number(exp) * 1000);
    if (this.now() > expiresAt.getTime())
      return { ok: false, message: `The URL expired at ${expiresAt.toISOString()}: ask for a new one` };
    if (method === "PUT")
      return {
        ok: true,
        grant: {
          method: "PUT",
          key,
          expiresAt,
          upload: { contentType: ct, contentLength: Number(params.len), sha256: params.sha! },
        },
      };
    return { ok: true, grant: { method: "GET", key, expiresAt, contentType: ct } };
  }

  private expiry(seconds: number): string {
    return String(Math.floor(this.now() / 1000) + seconds);
  }

  private url(key: string, params: Record<string, string>): string {
    if (!this.base) throw new Error("Signed blob URLs need the server's address: call serveAt() once it listens");
    return `${this.base}${SIGNED_BLOB_PATH}${encodeKey(key)}?${new URLSearchParams(params)}`;
  }

  private mac(method: string, key: string, params: Record<string, string>): string {
    const text = [method, key, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)].join("\n");
    return createHmac("sha256", this.secret).update(text).digest("base64url");
  }
}
