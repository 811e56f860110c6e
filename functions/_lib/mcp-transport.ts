import * as Mcp from "@core/mcp";
import { invalid } from "@core/platform/errors";
import type { Principal } from "@core/platform/principal";
import { DEPTH_MESSAGE, jsonTextExceedsDepth, parseWellFormedJson } from "@core/platform/storable-text";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { Reply } from "./http";

/**
 * Answers one POST to `/v1/mcp` (docs/mcp.md, "Transport"): a fresh SDK server and a stateless transport in
 * JSON-response mode per request, because on AWS each request may land on another Lambda instance and no
 * SSE stream may outlive the invocation. The SDK answers malformed JSON-RPC with its own 4xx errors.
 */
export async function answerMcp(
  deps: Mcp.McpDeps,
  principal: Principal,
  requestId: string,
  headers: Record<string, string | undefined>,
  rawBody: Buffer,
): Promise<Reply> {
  const server = new Server({ name: "sightline", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: Mcp.listTools(principal) }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = Mcp.findTool(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${params.name}'`);
    try {
      return await Mcp.callTool(deps, principal, tool, params.arguments);
    } catch (e) {
      // Like a 500: logged with its cause, shown without it.
      deps.log.error("mcp tool failed", {
        requestId,
        tool: tool.name,
        error: e instanceof Error ? { message: e.message, stack: e.stack } : String(e),
      });
      throw new McpError(ErrorCode.InternalError, "Internal server error");
    }
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(webRequest(headers, rawBody), parsedBody(rawBody));
    return new Reply(
      response.status,
      new Uint8Array(await response.arrayBuffer()),
      Object.fromEntries(response.headers),
    );
  } finally {
    await server.close();
  }
}

/** The headers the transport reads: content negotiation, and the protocol version a client states after `initialize`. */
const TRANSPORT_HEADERS = ["accept", "content-type", "mcp-protocol-version", "mcp-session-id", "last-event-id"];

/** The request as the web-standard transport reads it; a header value `Headers` refuses is left out, as if not sent. */
function webRequest(headers: Record<string, string | undefined>, body: Buffer): Request {
  const h = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    try {
      h.set(name, value);
    } catch {}
  }
  return new Request("http://localhost/v1/mcp", { method: "POST", headers: h, body });
}

/**
 * The body parsed as every endpoint parses JSON (too deep is a 400; lone surrogates become U+FFFD); text
 * that is not JSON is left to the transport, which answers JSON-RPC's parse error.
 */
function parsedBody(rawBody: Buffer): { parsedBody?: unknown } {
  const text = rawBody.toString("utf8");
  if (jsonTextExceedsDepth(text)) throw invalid(`Invalid body: ${DEPTH_MESSAGE}`);
  try {
    return text ? { parsedBody: parseWellFormedJson(text) } : {};
  } catch {
    return {};
  }
}
