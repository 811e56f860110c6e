import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { errorResponse, wantsBasicChallenge } from "../../_lib/http-errors";
import { lambdaResult, webRequest } from "../../_lib/web-request";
import { getDeps } from "../../_runtime/deps";
import { auth } from "../../_runtime/ports/auth";
import { mailer } from "../../_runtime/ports/mailer";
import { authErrorResult } from "./auth-errors";

/**
 * Not an `http()` endpoint: better-auth answers its own paths (docs/auth.md, "Mount"); some are public by
 * design (sign-up, sign-in, magic-link verify), the rest check the session themselves. The auth matrix and
 * the OpenAPI document skip it for this reason, and tests/integration/auth covers it.
 */
export const exemptFromContract =
  "better-auth's own endpoints (sign-up and sign-in are public by design); covered by tests/integration/auth";

/** `GET|POST /v1/auth/{proxy+}`: the event as a web Request to better-auth, its answer back with every cookie. */
async function proxy(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = event.requestContext?.requestId ?? context.awsRequestId;
  const deps = await getDeps([auth, mailer]);
  try {
    const request = webRequest(event);
    const answer = await lambdaResult(await deps.auth.withMailer(deps.mailer).handler(request));
    const url = new URL(request.url);
    // OAuth clients read RFC 6749 error bodies (`{error, error_description}`): those endpoints keep better-auth's
    // answer, but a 5xx is still hidden (docs/mcp.md, "OAuth").
    const oauthPath = url.pathname.startsWith("/v1/auth/oauth2/") && (answer.statusCode ?? 200) < 500;
    const result = oauthPath ? answer : (authErrorResult(answer, url, deps.log) ?? answer);
    return { ...result, headers: { ...result.headers, "x-request-id": requestId } };
  } catch (error) {
    return errorResponse(error, requestId, deps.log, { challenge: wantsBasicChallenge(event) });
  }
}

/** The mail port is this function's alone: no other bundle carries the SES client. */
export const handler = Object.assign(proxy, { ports: [auth.name, mailer.name] });
