import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignedBlobUrls } from "@core/adapters/local/signed-blob-urls";
import { LangfuseSpanProcessor } from "@langfuse/otel";
import { setLangfuseTracerProvider, startObservation } from "@langfuse/tracing";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { Langfuse } from "langfuse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, startTestApp, type TestApp } from "../../support/local-app";

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const dataUri = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("base64");
const TOKEN = /@@@langfuseMedia:type=([^|]+)\|id=([^|]+)\|source=([^@]+)@@@/;

/** Polls the trace until the worker made it readable with `n` observations. */
async function readTrace(app: TestApp, id: string, observations: number) {
  for (let i = 0; i < 50; i++) {
    await app.drainQueues();
    const res = await app.call("GET", `/v1/traces/${id}`);
    if (res.status === 200 && res.body.observations.length >= observations) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`trace ${id} never showed ${observations} observations`);
}

/** One generation through the real v5 SDK (OTel) whose input holds `bytes` as a data URI. */
async function traceWithImage(app: TestApp, bytes: Buffer): Promise<string> {
  const processor = new LangfuseSpanProcessor({
    publicKey: app.admin.publicKey,
    secretKey: app.admin.secretKey,
    baseUrl: app.url,
    flushAt: 1,
  });
  const provider = new NodeTracerProvider({ spanProcessors: [processor] });
  setLangfuseTracerProvider(provider);
  const gen = startObservation(
    "vision",
    {
      model: "gpt-4o-mini",
      input: [
        {
          role: "user",
          content: [
            { type: "text", text: "what is this?" },
            { type: "image_url", image_url: { url: dataUri(bytes) } },
          ],
        },
      ],
    },
    { asType: "generation" },
  );
  gen.update({ output: "a pixel" }).end();
  await processor.forceFlush();
  await provider.shutdown();
  setLangfuseTracerProvider(null);
  return gen.traceId;
}

const mediaBlobs = (app: TestApp) => app.deps.blobs.list("media/");

describe("media through Langfuse's SDKs", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("uploads an image in a v5 generation's input, stores the token, and serves the same bytes", async () => {
    const image = Buffer.concat([PNG, randomBytes(8)]);
    const traceId = await traceWithImage(app, image);

    const trace = await readTrace(app, traceId, 1);
    const text = JSON.stringify(trace.observations[0].input);
    expect(text).not.toContain("base64,");
    const [, type, mediaId, source] = TOKEN.exec(text)!;
    expect([type, source]).toEqual(["image/png", "base64_data_uri"]);
    const media = await app.call("GET", `/api/public/media/${mediaId}`);
    expect(media.status).toBe(200);
    expect(media.body).toMatchObject({
      mediaId,
      contentType: "image/png",
      contentLength: image.length,
      uploadedAt: expect.any(String),
      urlExpiry: expect.any(String),
    });
    const served = await fetch(media.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect((await app.call("GET", `/v1/media/${mediaId}`)).body).toMatchObject({ mediaId, contentType: "image/png" });
  });

  it("uploads an image in a legacy v3 trace's input", async () => {
    const image = Buffer.concat([PNG, randomBytes(8)]);
    const langfuse = new Langfuse({
      publicKey: app.admin.publicKey,
      secretKey: app.admin.secretKey,
      baseUrl: app.url,
      flushAt: 100,
    });
    const t = langfuse.trace({ name: "legacy-media", input: { photo: dataUri(image) } });
    await langfuse.shutdownAsync();

    const trace = await readTrace(app, t.id, 0);
    const [, , mediaId] = TOKEN.exec(JSON.stringify(trace.input))!;
    const media = await app.call("GET", `/api/public/media/${mediaId}`);
    expect(Buffer.from(await (await fetch(media.body.url)).arrayBuffer()).equals(image)).toBe(true);
  });

  it("keeps the same bytes once: a second trace gets no upload URL and shares the blob", async () => {
    const image = Buffer.concat([PNG, randomBytes(8)]);
    const before = (await mediaBlobs(app)).length;
    await traceWithImage(app, image);
    const again = await app.call("POST", "/api/public/media", {
      body: {
        traceId: randomUUID(),
        contentType: "image/png",
        contentLength: image.length,
        sha256Hash: sha256(image),
        field: "input",
      },
    });

    expect(again.status).toBe(200);
    expect(again.body).toEqual({ mediaId: expect.any(String), uploadUrl: null });
    expect((await mediaBlobs(app)).length).toBe(before + 1);
  });

  it("refuses a content type outside the allow-list, storing nothing", async () => {
    const res = await app.call("POST", "/api/public/media", {
      body: {
        traceId: randomUUID(),
        contentType: "application/x-msdownload",
        contentLength: 10,
        sha256Hash: sha256(randomBytes(10)),
        field: "input",
      },
    });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "InvalidRequestError", code: "invalid_input" });
    expect(res.body.message).toMatch(
      /^Content type 'application\/x-msdownload' is not allowed for media; allowed: image\/png, /,
    );
  });

  it("refuses media over the size limit with 413", async () => {
    const res = await app.call("POST", "/api/public/media", {
      body: {
        traceId: randomUUID(),
        contentType: "video/mp4",
        contentLength: 100 * 1024 * 1024 + 1,
        sha256Hash: sha256(randomBytes(10)),
        field: "output",
      },
    });

    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: "Media of 104857601 bytes exceeds the limit of 104857600 bytes",
      error: "PayloadTooLargeError",
      code: "payload_too_large",
    });
  });

  it("refuses an upload whose bytes do not match the declared hash, keeping nothing", async () => {
    const declared = randomBytes(64);
    const sent = randomBytes(64);
    const { body } = await app.call("POST", "/api/public/media", {
      body: {
        traceId: randomUUID(),
        contentType: "text/plain",
        contentLength: 64,
        sha256Hash: sha256(declared),
        field: "metadata",
      },
    });
    const before = await mediaBlobs(app);

    const put = await fetch(body.uploadUrl, { method: "PUT", body: sent, headers: { "content-type": "text/plain" } });

    expect(put.status).toBe(400);
    expect(await put.json()).toEqual({
      error: { code: "invalid_input", message: "The upload's SHA-256 does not match the declared sha256Hash" },
    });
    expect(await mediaBlobs(app)).toEqual(before);
    const report = await app.call("PATCH", `/api/public/media/${body.mediaId}`, {
      body: { uploadedAt: new Date().toISOString(), uploadHttpStatus: 400, uploadHttpError: "mismatch" },
    });
    expect(report.status).toBe(204);
    expect((await app.call("GET", `/api/public/media/${body.mediaId}`)).body).toEqual({
      message: `Media '${body.mediaId}' has not been uploaded yet`,
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
  });

  it("refuses an expired upload URL with 403", async () => {
    const bytes = randomBytes(16);
    const { body } = await app.call("POST", "/api/public/media", {
      body: {
        traceId: randomUUID(),
        contentType: "text/plain",
        contentLength: 16,
        sha256Hash: sha256(bytes),
        field: "input",
      },
    });
    // The same signer as the server's, its clock an hour behind: its 15-minute URL is already over.
    const late = new SignedBlobUrls(app.deps.keyRing.deriveKey("local-blob-urls"), () => Date.now() - 3_600_000);
    late.serveAt(app.url);
    const key = new URL(body.uploadUrl).pathname.replace("/local-blobs/", "");
    const url = late.upload(key, {
      contentType: "text/plain",
      contentLength: 16,
      sha256: sha256(bytes),
      expiresInSeconds: 900,
    });

    const put = await fetch(url, { method: "PUT", body: bytes, headers: { "content-type": "text/plain" } });

    expect(put.status).toBe(403);
    expect(((await put.json()) as { error: { message: string } }).error.message).toMatch(
      /^The URL expired at \d{4}-\d\d-\d\dT[\d:.]+Z: ask for a new one$/,
    );
    expect(await app.deps.blobs.get(key)).toBeNull();
  });

  it("refuses a tampered upload URL with 403", async () => {
    const bytes = randomBytes(16);
    const { body } = await app.call("POST", "/api/public/media", {
      body: {
        traceId: randomUUID(),
        contentType: "text/plain",
        contentLength: 16,
        sha256Hash: sha256(bytes),
        field: "input",
      },
    });
    const url = new URL(body.uploadUrl);
    url.searchParams.set("len", "17");

    const put = await fetch(url, {
      method: "PUT",
      body: Buffer.concat([bytes, Buffer.from("x")]),
      headers: { "content-type": "text/plain" },
    });

    expect(put.status).toBe(403);
    expect(await put.json()).toEqual({
      error: { code: "forbidden", message: "The URL's signature does not match: use the URL exactly as it was given" },
    });
  });

  it("answers 404 in Langfuse's body for an unknown media id", async () => {
    const res = await app.call("GET", "/api/public/media/nope");

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Media 'nope' not found", error: "LangfuseNotFoundError", code: "not_found" });
    expect(
      (
        await app.call("PATCH", "/api/public/media/nope", {
          body: { uploadedAt: new Date().toISOString(), uploadHttpStatus: 200 },
        })
      ).status,
    ).toBe(404);
  });

  it("deletes a trace's media with the trace, keeping bytes another trace still shows", async () => {
    const own = Buffer.concat([PNG, randomBytes(8)]);
    const shared = Buffer.concat([PNG, randomBytes(8)]);
    const doomed = await traceWithImage(app, own);
    await readTrace(app, doomed, 1);
    await app
      .call("POST", "/api/public/media", {
        body: {
          traceId: doomed,
          contentType: "image/png",
          contentLength: shared.length,
          sha256Hash: sha256(shared),
          field: "output",
        },
      })
      .then(async ({ body }) =>
        fetch(body.uploadUrl, { method: "PUT", body: shared, headers: { "content-type": "image/png" } }).then(() =>
          app.call("PATCH", `/api/public/media/${body.mediaId}`, {
            body: { uploadedAt: new Date().toISOString(), uploadHttpStatus: 200 },
          }),
        ),
      );
    const keeper = await traceWithImage(app, shared);
    const [ownId, sharedId] = [own, shared].map((b) => createHash("sha256").update(b).digest("base64url").slice(0, 22));

    const res = await app.call("DELETE", `/v1/traces/${doomed}`);

    expect(res.status).toBe(200);
    expect((await app.call("GET", `/api/public/media/${ownId}`)).status).toBe(404);
    expect(await app.deps.blobs.list(`media/`)).not.toContainEqual(expect.stringContaining(ownId!));
    expect((await app.call("GET", `/api/public/media/${sharedId}`)).status).toBe(200);
    expect(keeper).toBeTruthy();
  });

  /** A trace of `userId` at `time` whose input holds an uploaded text file; answers the media id. */
  async function traceWithFile(userId: string, time: number): Promise<{ traceId: string; mediaId: string }> {
    const traceId = randomUUID();
    const bytes = randomBytes(32);
    const { body } = await app.call("POST", "/api/public/media", {
      body: { traceId, contentType: "text/plain", contentLength: 32, sha256Hash: sha256(bytes), field: "input" },
    });
    await fetch(body.uploadUrl, { method: "PUT", body: bytes, headers: { "content-type": "text/plain" } });
    await app.call("PATCH", `/api/public/media/${body.mediaId}`, {
      body: { uploadedAt: new Date().toISOString(), uploadHttpStatus: 201 },
    });
    const input = `@@@langfuseMedia:type=text/plain|id=${body.mediaId}|source=bytes@@@`;
    await app.call("POST", "/v1/ingest", {
      body: {
        batch: [
          {
            id: randomUUID(),
            type: "trace-create",
            timestamp: new Date(time).toISOString(),
            body: { id: traceId, userId, input, timestamp: new Date(time).toISOString() },
          },
        ],
      },
    });
    await readTrace(app, traceId, 0);
    return { traceId, mediaId: body.mediaId };
  }

  it("erases an end user's media with their data", async () => {
    const userId = `u-${randomUUID()}`;
    const { mediaId } = await traceWithFile(userId, Date.now());
    expect((await app.call("GET", `/v1/media/${mediaId}`)).status).toBe(200);

    expect((await app.call("DELETE", `/v1/users/${userId}/data`)).status).toBe(200);

    expect((await app.call("GET", `/v1/media/${mediaId}`)).body).toEqual({
      error: { code: "not_found", message: `Media '${mediaId}' not found` },
    });
    expect(await mediaBlobs(app)).not.toContainEqual(expect.stringContaining(mediaId));
  });

  it("deletes the media of traces past retention, and keeps the young ones'", async () => {
    // A project of its own, so retention finds no other test's traces.
    const created = (
      await app.call("POST", "/v1/projects", { body: { name: `retention-${randomUUID().slice(0, 8)}` } })
    ).body;
    const own = { publicKey: created.publicKey, secretKey: created.secretKey };
    const upload = async (traceId: string, time: number) => {
      const bytes = randomBytes(24);
      const { body } = await app.call("POST", "/api/public/media", {
        key: own,
        body: { traceId, contentType: "text/csv", contentLength: 24, sha256Hash: sha256(bytes), field: "output" },
      });
      await fetch(body.uploadUrl, { method: "PUT", body: bytes, headers: { "content-type": "text/csv" } });
      await app.call("PATCH", `/api/public/media/${body.mediaId}`, {
        key: own,
        body: { uploadedAt: new Date().toISOString(), uploadHttpStatus: 200 },
      });
      await app.call("POST", "/v1/ingest", {
        key: own,
        body: {
          batch: [
            {
              id: randomUUID(),
              type: "trace-create",
              timestamp: new Date(time).toISOString(),
              body: {
                id: traceId,
                timestamp: new Date(time).toISOString(),
                output: `@@@langfuseMedia:type=text/csv|id=${body.mediaId}|source=bytes@@@`,
              },
            },
          ],
        },
      });
      return body.mediaId as string;
    };
    const oldMedia = await upload(randomUUID(), Date.now() - 400 * 86_400_000);
    const youngMedia = await upload(randomUUID(), Date.now());
    await app.drainQueues();
    await app.call("POST", "/v1/retention", { key: own, body: { maxAgeDays: 30 } });

    expect((await app.call("POST", "/v1/retention/apply", { key: own })).body.deleted.traces).toBe(1);

    expect((await app.call("GET", `/v1/media/${oldMedia}`, { key: own })).status).toBe(404);
    expect((await app.call("GET", `/v1/media/${youngMedia}`, { key: own })).status).toBe(200);
  });

  it("asks for a key on every media route", async () => {
    expect((await app.call("GET", "/api/public/media/x", { key: null })).status).toBe(401);
    expect(
      (
        await fetch(`${app.url}/api/public/media`, {
          method: "POST",
          headers: { authorization: basic({ publicKey: "pk", secretKey: "sk" }) },
        })
      ).status,
    ).toBe(401);
  });
});
