import { lambdaResult, webRequest } from "@functions/_lib/web-request";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";

const event = (over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: "2.0",
    rawPath: "/v1/auth/sign-in/email",
    rawQueryString: "a=1",
    headers: {
      host: "api.example.com",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "6.6.6.6",
      "content-type": "application/json",
    },
    cookies: ["a=1", "b=2"],
    body: '{"email":"x"}',
    isBase64Encoded: false,
    requestContext: { domainName: "api.example.com", http: { method: "POST", sourceIp: "203.0.113.7" } },
    ...over,
  }) as unknown as APIGatewayProxyEventV2;

describe("the /v1/auth transport", () => {
  it("turns a payload-2.0 event into a web Request: cookies back into one Cookie header, the gateway's source address as X-Forwarded-For", async () => {
    const request = webRequest(event());

    expect(request.url).toBe("https://api.example.com/v1/auth/sign-in/email?a=1");
    expect(request.method).toBe("POST");
    expect(request.headers.get("cookie")).toBe("a=1; b=2");
    expect(request.headers.get("x-forwarded-for")).toBe("203.0.113.7");
    expect(await request.text()).toBe('{"email":"x"}');
  });

  it("takes the host from the domain the gateway received the request on, never from the client's Host header", () => {
    const forged = event({ headers: { host: "attacker.example", "x-forwarded-proto": "https" } });

    expect(new URL(webRequest(forged).url).host).toBe("api.example.com");
  });

  it("decodes a base64 body", async () => {
    const request = webRequest(event({ body: Buffer.from('{"k":1}').toString("base64"), isBase64Encoded: true }));

    expect(await request.text()).toBe('{"k":1}');
  });

  it("puts every Set-Cookie of the answer into `cookies`, the other headers as they are", async () => {
    const headers = new Headers({ "content-type": "application/json" });
    headers.append("set-cookie", "session=abc; Path=/; HttpOnly");
    headers.append("set-cookie", "cache=def; Path=/; Max-Age=300");

    const result = await lambdaResult(new Response('{"ok":true}', { status: 200, headers }));

    expect(result).toEqual({
      statusCode: 200,
      headers: { "content-type": "application/json" },
      cookies: ["session=abc; Path=/; HttpOnly", "cache=def; Path=/; Max-Age=300"],
      body: '{"ok":true}',
    });
  });
});
