import * as Auth from "@core/auth";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { errorBody, errorResponse, jsonResponse } from "../../_lib/http-errors";
import { getDeps } from "../../_runtime/deps";
import { oauthResource } from "../../_runtime/ports/oauth-resource";

/**
 * Not an `http()` endpoint: OAuth discovery documents are public by design (RFC 8414, RFC 9728), so an MCP client
 * can find the authorization server before it has a token (docs/mcp.md, "OAuth"). They are the documents
 * better-auth's MCP plugin writes, built without loading it (core/auth/oauth-metadata.ts).
 */
export const exemptFromContract =
  "OAuth discovery metadata (RFC 8414, RFC 9728), public by design, as better-auth writes it; covered by tests/integration/mcp/oauth.test.ts and oauth-metadata.test.ts";

/** `GET /.well-known/oauth-authorization-server[/…]` and `GET /.well-known/oauth-protected-resource[/…]`. */
async function wellKnown(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = event.requestContext?.requestId ?? context.awsRequestId;
  const deps = await getDeps([oauthResource]);
  try {
    const headers = { "x-request-id": requestId };
    const oauth = deps.oauthResource.oauth;
    if (!oauth)
      return jsonResponse(
        404,
        errorBody("not_found", "OAuth is off: set SIGHTLINE_PUBLIC_URL to the service's https address"),
        headers,
      );
    const document = Auth.oauthMetadata(oauth, event.rawPath);
    if (!document) return jsonResponse(404, errorBody("not_found", `No OAuth metadata at ${event.rawPath}`), headers);
    return jsonResponse(200, document, { "cache-control": Auth.METADATA_CACHE_CONTROL, ...headers });
  } catch (error) {
    return errorResponse(error, requestId, deps.log);
  }
}

/** No port beyond the base: the tests of each bundle's libraries read this list. */
export const handler = Object.assign(wellKnown, { ports: [oauthResource.name] });
