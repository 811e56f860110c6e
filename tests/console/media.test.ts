import { createHash } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Service, SHOTS, signedInConsole, until } from "./harness";

// Media in the trace view (docs/media.md, "In the console"): where a reference token stands in an input, output or
// metadata, the console shows the image, plays the audio and links other files, on `npm start`.

let service: Service;
let browser: Browser;
let page: Page;

// A 2×2 red PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);
/** A tenth of a second of silence as 8 kHz 8-bit mono WAV. */
function wav(): Buffer {
  const samples = Buffer.alloc(800, 128);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
const CSV = Buffer.from("question,answer\n2+2,4\n");

/** Uploads `bytes` as Langfuse's SDKs do and answers the reference token they leave in the payload. */
async function upload(s: Service, traceId: string, field: string, contentType: string, bytes: Buffer): Promise<string> {
  const sha256Hash = createHash("sha256").update(bytes).digest("base64");
  const { body } = await s.call<{ mediaId: string; uploadUrl: string }>("POST", "/api/public/media", {
    traceId,
    contentType,
    contentLength: bytes.length,
    sha256Hash,
    field,
  });
  expect(
    (await fetch(body.uploadUrl, { method: "PUT", body: bytes, headers: { "content-type": contentType } })).status,
  ).toBe(200);
  expect(
    (
      await s.call("PATCH", `/api/public/media/${body.mediaId}`, {
        uploadedAt: new Date().toISOString(),
        uploadHttpStatus: 200,
      })
    ).status,
  ).toBe(204);
  return `@@@langfuseMedia:type=${contentType}|id=${body.mediaId}|source=bytes@@@`;
}

async function seed(s: Service) {
  const image = await upload(s, "t-media", "input", "image/png", PNG);
  const audio = await upload(s, "t-media", "output", "audio/wav", wav());
  const csv = await upload(s, "t-media", "metadata", "text/csv", CSV);
  const batch = [
    {
      id: "e1",
      type: "trace-create",
      timestamp: "2026-11-20T10:00:00.000Z",
      body: {
        id: "t-media",
        name: "vision",
        input: [
          {
            role: "user",
            content: [
              { type: "text", text: "What colour is this?" },
              { type: "image_url", image_url: { url: image } },
            ],
          },
        ],
        output: { text: "Red.", speech: audio },
        metadata: { sheet: csv },
      },
    },
  ];
  expect((await s.call("POST", "/v1/ingest", { batch })).status).toBe(207);
  await until(
    "the trace",
    () => s.call("GET", "/v1/traces/t-media"),
    (r) => r.status === 200,
  );
}

beforeAll(async () => {
  ({ service, browser, page } = await signedInConsole("media", seed));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe("media in the trace view", () => {
  it("shows the image of the input, plays the audio of the output and links the file of the metadata", async () => {
    await page.goto(`${service.url}/traces/t-media`);

    const image = page.getByTestId("input-media").getByTestId("media-image");
    await image.waitFor();
    await until(
      "the image to load",
      () =>
        image.evaluate((img) =>
          (img as unknown as { complete: boolean }).complete
            ? (img as unknown as { naturalWidth: number }).naturalWidth
            : 0,
        ),
      (w) => w === 2,
      10_000,
    );
    const audio = page.getByTestId("output-media").getByTestId("media-audio");
    expect(await audio.evaluate((a) => (a as unknown as { controls: boolean }).controls)).toBe(true);
    await until(
      "the audio to load",
      () => audio.evaluate((a) => (a as unknown as { readyState: number }).readyState),
      (s) => s >= 1,
      10_000,
    );
    const link = page.getByTestId("metadata-media").getByTestId("media-link");
    expect(await link.textContent()).toBe("Open text/csv, 22 B");
    expect(await (await fetch(new URL((await link.getAttribute("href"))!, service.url))).text()).toBe(CSV.toString());
    await page.screenshot({ path: join(SHOTS, "trace-media.png") });
  });
});
