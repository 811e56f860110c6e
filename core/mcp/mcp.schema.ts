import * as z from "zod";

/**
 * The JSON-RPC 2.0 messages of `POST /v1/mcp`, for the OpenAPI document only: the SDK's transport checks the
 * body itself (docs/mcp.md, "Endpoint").
 */
const JsonRpcMessage = z.object({
  jsonrpc: z.literal("2.0"),
  id: z
    .union([z.string(), z.number()])
    .optional()
    .describe("absent on a notification, which is answered 202 without a body"),
  method: z.string().describe("initialize, ping, tools/list, tools/call, notifications/initialized"),
  params: z.record(z.string(), z.unknown()).optional().describe("tools/call: {name, arguments}"),
});
export const McpMessage = z.union([JsonRpcMessage, z.array(JsonRpcMessage).min(1)]);

const JsonRpcAnswer = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('tools/call: {content: [{type: "text", text}], structuredContent?, isError?}'),
  error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});
export const McpAnswer = z.union([JsonRpcAnswer, z.array(JsonRpcAnswer)]);
