import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachMedia, type Connection, SightlineError } from "../../../sdk/typescript/src/index.js";
import { startTestApp, type TestApp } from "../../support/local-app";

/** The TypeScript SDK's media upload against the local service (docs/media.md, "From our SDKs"). */
let app: TestApp;
let conn: Connection;
beforeAll(async () => {
  app = await startTestApp();
  conn = { baseUrl: app.url, ...app.admin };
});
afterAll(() => app?.close());

describe("attachMedia (TypeScript SDK)", () => {
  it("uploads the bytes and answers the token whose id reads them back", async () => {
    const bytes = randomBytes(1000);

    const { mediaId, token } = await attachMedia(conn, {
      traceId: randomUUID(),
      field: "input",
      contentType: "application/pdf",
      bytes,
    });

    expect(mediaId).toBe(createHash("sha256").update(bytes).digest("base64url").slice(0, 22));
    expect(token).toBe(`@@@langfuseMedia:type=application/pdf|id=${mediaId}|source=bytes@@@`);
    const { body } = await app.call("GET", `/v1/media/${mediaId}`);
    expect(Buffer.from(await (await fetch(body.url)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("sends bytes the project holds only once", async () => {
    const bytes = randomBytes(500);
    const first = await attachMedia(conn, { traceId: randomUUID(), field: "output", contentType: "audio/wav", bytes });
    let puts = 0;
    const counting: typeof fetch = (input, init) => {
      puts += init?.method === "PUT" ? 1 : 0;
      return fetch(input, init);
    };

    const second = await attachMedia(
      conn,
      { traceId: randomUUID(), field: "output", contentType: "audio/wav", bytes },
      { fetch: counting },
    );

    expect(second).toEqual(first);
    expect(puts).toBe(0);
  });

  it("throws the service's refusal of a type outside the allow-list", async () => {
    const err = await attachMedia(conn, {
      traceId: randomUUID(),
      field: "input",
      contentType: "application/x-sh",
      bytes: randomBytes(10),
    }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(SightlineError);
    expect(err).toMatchObject({ status: 400, code: "invalid_input" });
    expect((err as Error).message).toMatch(/^Content type 'application\/x-sh' is not allowed for media/);
  });
});
