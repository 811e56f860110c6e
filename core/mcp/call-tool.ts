import { ZodError } from "zod";
import { type AppError, forbidden, invalid, isAppError } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { roleAtLeast } from "../platform/roles";
import { NUL_MESSAGE, nulPath } from "../platform/storable-text";
import type { McpDeps, McpTool } from "./tool";
import { scopeAllows, scopeOf } from "./tools";

/** A `tools/call` result: the endpoint's JSON as text and as `structuredContent`, or a tool error. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Calls a tool for a caller (docs/mcp.md, "Errors"): the role and the token's scope, then the input with the endpoint's own
 * schema, then the use case. What the client can act on (a role too low, a bad argument, an AppError of the
 * use case) is a tool error with our message; anything else is thrown, a bug the transport hides.
 */
export async function callTool(deps: McpDeps, principal: Principal, tool: McpTool, args: unknown): Promise<ToolResult> {
  if (!roleAtLeast(principal.role, tool.role))
    return toolError(forbidden(`This tool needs the ${tool.role} role; the caller has ${principal.role}`));
  if (!scopeAllows(principal, tool))
    return toolError(
      forbidden(
        `This tool needs the ${scopeOf(tool)} scope; the token grants ${principal.scopes?.join(" ") || "no scope"}`,
      ),
    );
  try {
    const result = await tool.run(deps, principal, parseArguments(tool, args ?? {}));
    return {
      content: [{ type: "text", text: JSON.stringify(result) }],
      ...(isRecord(result) ? { structuredContent: result } : {}),
    };
  } catch (e) {
    if (isAppError(e)) return toolError(e);
    if (e instanceof ZodError) return toolError(invalid("Invalid request", e.issues));
    throw e;
  }
}

/** The arguments parsed by the tool's schema; like a request body, no string may hold a NUL. */
function parseArguments(tool: McpTool, args: unknown): unknown {
  const parsed = tool.input.safeParse(args);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `arguments.${first.path.join(".")}` : "arguments";
    throw invalid(`Invalid ${where}: ${first?.message ?? "invalid value"}`, parsed.error.issues);
  }
  const at = nulPath(args);
  if (at !== null) throw invalid(`Invalid ${at ? `arguments.${at}` : "arguments"}: ${NUL_MESSAGE}`);
  return parsed.data;
}

/** The error body of the HTTP API, as a tool error: the message as text, the body as structured content. */
function toolError(e: AppError): ToolResult {
  const error =
    e.details === undefined
      ? { code: e.code, message: e.message }
      : { code: e.code, message: e.message, details: e.details };
  return { content: [{ type: "text", text: e.message }], structuredContent: { error }, isError: true };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
