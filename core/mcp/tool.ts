import type * as z from "zod";
import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import type { Role } from "../platform/roles";

/** What the tools' use cases need: every store the matching endpoints open, nothing of the outbound or event-bus ports. */
export type McpDeps = Omit<Deps, "outbound" | "bus" | "mailer" | "dns" | "exportBuckets" | "sessions" | "auth">;

/** `"POST /v1/prompts"`: the route of the endpoint doing the same thing as a tool. */
export type EndpointKey = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;

/**
 * One MCP tool (docs/mcp.md, "Tools"): it calls the same use case as `endpoint`, takes that endpoint's own
 * zod schemas as its input (path fields merged into the query or body schema), and needs the same least role.
 */
export interface McpTool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  role: Role;
  endpoint: EndpointKey;
  input: S;
  run(deps: McpDeps, principal: Principal, input: z.output<S>): Promise<unknown>;
}

/** Declares a tool; `run` gets the parsed input of `input`'s type. */
export const tool = <S extends z.ZodType>(spec: McpTool<S>): McpTool => spec as unknown as McpTool;
