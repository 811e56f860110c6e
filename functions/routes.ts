/**
 * The one route table: plain data read by the AWS stack (one Lambda per route)
 * and by the local runtime (one HTTP server). A handler string is
 * `<file without extension>.<export>`, relative to the repository root.
 */
export interface RouteDef {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** API Gateway path syntax: `{name}` for one segment, `{name+}` for the rest. */
  path: string;
  handler: string;
  /** Lambda timeout in seconds, when the default (30) does not fit. */
  timeoutSeconds?: number;
  /** Lambda memory in MB, when the default (1024) does not fit. */
  memoryMb?: number;
}

export const routes: readonly RouteDef[] = [
  { method: "GET", path: "/v1/openapi.json", handler: "functions/api/openapi/get-document.handler" },

  { method: "POST", path: "/v1/api-keys", handler: "functions/api/api-keys/create-key.handler" },
  { method: "GET", path: "/v1/api-keys", handler: "functions/api/api-keys/list-keys.handler" },
  { method: "PATCH", path: "/v1/api-keys", handler: "functions/api/api-keys/update-key.handler" },
  { method: "DELETE", path: "/v1/api-keys", handler: "functions/api/api-keys/revoke-key.handler" },

  { method: "POST", path: "/v1/projects", handler: "functions/api/projects/create-project.handler" },
  { method: "GET", path: "/v1/projects", handler: "functions/api/projects/list-projects.handler" },

  { method: "GET", path: "/v1/memberships", handler: "functions/api/memberships/list-memberships.handler" },
  { method: "PUT", path: "/v1/memberships", handler: "functions/api/memberships/put-membership.handler" },
  { method: "DELETE", path: "/v1/memberships", handler: "functions/api/memberships/delete-membership.handler" },

  { method: "GET", path: "/v1/audit-log", handler: "functions/api/audit-log/list-entries.handler" },
];

/** `"GET /v1/x/{id}"`, the API Gateway route key of a route. */
export const routeKey = (r: Pick<RouteDef, "method" | "path">) => `${r.method} ${r.path}`;
