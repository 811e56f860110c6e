import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { errorBody, errorResponse, jsonResponse } from "../../_lib/http-errors";
import { lambdaResult, webRequest } from "../../_lib/web-request";
import { getDeps } from "../../_runtime/deps";
import { auth } from "../../_runtime/ports/auth";

/**
 * Not an `http()` endpoint: OAuth discovery documents are public by design (RFC 8414, RFC 9728), so an MCP client
 * can find the authorization server before it has a token (docs/mcp.md, "OAuth"). better-auth's MCP plugin writes them.
 */
export const exemptFromContract =
  "OAuth discovery metadata (RFC 8414, RFC 9728), public by design and written by better-auth; covered by tests/integration/mcp/oauth.test.ts";

/** `GET /.well-known/oauth-authorization-server[/…]` and `GET /.well-known/oauth-protected-resource[/…]`. */
async function wellKnown(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = event.requestContext?.requestId ?? context.awsRequestId;
  const deps = await getDeps([auth]);
  try {
    const headers = { "x-request-id": requestId };
    if (!deps.auth.oauth)
      return jsonResponse(
        404,
        errorBody("not_found", "OAuth is off: set SIGHTLINE_PUBLIC_URL to the service's https address"),
        headers,
      );
    const answer = await lambdaResult(await withoutDpop(await deps.auth.handler(webRequest(event))));
    if ((answer.statusCode ?? 200) >= 400)
      return jsonResponse(404, errorBody("not_found", `No OAuth metadata at ${event.rawPath}`), headers);
    return { ...answer, headers: { ...answer.headers, ...headers } };
  } catch (error) {
    return errorResponse(error, requestId, deps.log);
  }
}

/**
 * `/v1/mcp` refuses DPoP-bound tokens (docs/mcp.md, "DPoP"), so the metadata does not offer DPoP: a client that
 * finds no `dpop_signing_alg_values_supported` asks for plain bearer tokens (RFC 9449, section 5.1).
 */
async function withoutDpop(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const document = (await response.json()) as Record<string, unknown>;
  delete document.dpop_signing_alg_values_supported;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(document), { status: response.status, headers });
}

/** No port beyond the base: the tests of each bundle's libraries read this list. */
export const handler = Object.assign(wellKnown, { ports: [auth.name] });
