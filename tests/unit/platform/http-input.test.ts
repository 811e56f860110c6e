import { gzipSync } from "node:zlib";
import { bodyBytes, queryObject } from "@functions/_lib/http-input";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";

const event = (body: Buffer, headers: Record<string, string> = {}, rawQueryString = "") =>
  ({
    body: body.toString("base64"),
    isBase64Encoded: true,
    headers,
    rawQueryString,
  }) as unknown as APIGatewayProxyEventV2;

describe("request body decoding", () => {
  it("inflates gzip bodies", () => {
    const bytes = bodyBytes(event(gzipSync('{"a":1}'), { "content-encoding": "gzip" }), 1024);

    expect(bytes.toString()).toBe('{"a":1}');
  });

  it("refuses a gzip body that inflates past the limit with payload_too_large", () => {
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024));

    expect(() => bodyBytes(event(bomb, { "content-encoding": "gzip" }), 1024 * 1024)).toThrow(
      expect.objectContaining({ code: "payload_too_large" }),
    );
  });

  it("refuses unknown encodings and broken gzip as invalid input", () => {
    expect(() => bodyBytes(event(Buffer.from("x"), { "content-encoding": "br" }), 10)).toThrow(
      "Unsupported content-encoding 'br'",
    );
    expect(() => bodyBytes(event(Buffer.from("not gzip"), { "content-encoding": "gzip" }), 100)).toThrow(
      "Request body is not valid gzip",
    );
  });

  it("turns repeated query keys into arrays", () => {
    expect(queryObject(event(Buffer.alloc(0), {}, "a=1&b=2&a=3"))).toEqual({ a: ["1", "3"], b: "2" });
  });
});
