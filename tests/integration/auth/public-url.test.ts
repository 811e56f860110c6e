import { memoryMailer } from "@core/adapters/system/log-mailer";
import * as Auth from "@core/auth";
import { createAuth } from "@core/auth/create-auth";
import { webRequest } from "@functions/_lib/web-request";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { uniqueEmail } from "../../support/sessions";

const GATEWAY = "abc123.execute-api.us-east-1.amazonaws.com";

/** A magic-link request as API Gateway hands it to the auth function, with a Host header the client chose. */
const magicLinkEvent = (email: string) =>
  ({
    version: "2.0",
    rawPath: "/v1/auth/sign-in/magic-link",
    rawQueryString: "",
    headers: { host: "attacker.example", "x-forwarded-proto": "https", "content-type": "application/json" },
    body: JSON.stringify({ email }),
    isBase64Encoded: false,
    requestContext: { domainName: GATEWAY, http: { method: "POST", sourceIp: "203.0.113.7" } },
  }) as unknown as APIGatewayProxyEventV2;

// docs/auth.md, "Public URL": without SIGHTLINE_PUBLIC_URL (Lambda), mailed links name the gateway's domain.
describe("sign-in links without a configured public URL", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("point at the domain the gateway received the request on, not at the request's Host header", async () => {
    const mailer = memoryMailer();
    const config = Auth.AuthConfig.parse({
      secret: "x".repeat(48),
      signInRateLimit: null,
      bootstrap: { orgName: "none", projectName: "none" },
    });
    const auth = createAuth({ ...app.deps, mailer }, config);
    const email = uniqueEmail("lambda");

    const answer = await auth.handler(webRequest(magicLinkEvent(email)));

    expect(answer.status).toBe(200);
    const link = new URL(mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.host).toBe(GATEWAY);
  });
});
