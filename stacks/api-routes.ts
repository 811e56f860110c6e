import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { type FunctionProps, type StackContext, use } from "sst/constructs";
import { routeSettings } from "../functions/function-settings";
import { invokedFunctions } from "../functions/invoked-functions";
import { type RouteDef, routeKey, routes } from "../functions/routes";
import { Api } from "./api";
import { Invoked } from "./invoked";
import { sizing } from "./lambda";

/** Route functions get the defaults `functions/routes.ts` documents. */

export type Concern = "telemetry" | "evaluation" | "admin" | "langfuse";

/** The first path segment of a route (after `/v1`, or the Langfuse alias prefix) names its concern. */
const CONCERN_OF_SEGMENT: Record<string, Concern> = {
  ingest: "telemetry",
  otel: "telemetry",
  traces: "telemetry",
  observations: "telemetry",
  sessions: "telemetry",
  scores: "telemetry",
  "score-configs": "telemetry",
  metrics: "telemetry",
  alerts: "telemetry",
  users: "telemetry",
  usage: "telemetry",
  retention: "telemetry",
  "pii-policy": "telemetry",
  // exports (docs/export.md): the streamed route has a function URL; its schedules' configs sit here
  exports: "telemetry",
  "export-configs": "telemetry",
  // media named by reference tokens in traces (docs/media.md)
  media: "telemetry",
  // the public read of a share link (docs/sharing.md): a trace read
  shared: "telemetry",
  prompts: "evaluation",
  datasets: "evaluation",
  "dataset-run-items": "evaluation",
  evaluators: "evaluation",
  guardrails: "evaluation",
  "review-queues": "evaluation",
  providers: "evaluation",
  playground: "evaluation",
  // comments on traces, observations, sessions and prompt versions (docs/comments.md)
  comments: "evaluation",
  "api-keys": "admin",
  projects: "admin",
  memberships: "admin",
  "sso-providers": "admin",
  "audit-log": "admin",
  "model-prices": "admin",
  "openapi.json": "admin",
  automations: "admin",
  "event-sink": "admin",
  // The MCP server reaches every feature; it sits with the other access routes, on the stack with room.
  mcp: "admin",
  auth: "admin",
  "oauth-consent": "admin",
  me: "admin",
};

/** Extra permissions of one route's function: sign-in sends magic links through SES (docs/auth.md, "Magic link"). */
const PERMISSIONS_OF_HANDLER: Record<string, string[]> = { "functions/api/auth/proxy.handler": ["ses:SendEmail"] };
/**
 * Langfuse's public API (docs/langfuse.md) has a stack of its own: its ~50 routes would push the others past
 * CloudFormation's resource limit. Its ingest routes stay on the telemetry path.
 */
const LANGFUSE_ON_OUR_STACKS: Record<string, Concern> = { ingestion: "telemetry", otel: "telemetry" };

/** @throws Error for a route whose first segment has no concern yet: add it above. */
export function concernOf(route: Pick<RouteDef, "path">): Concern {
  const parts = route.path.split("/").filter(Boolean);
  // OAuth discovery (`/.well-known/…`, docs/mcp.md, "OAuth") sits with the sign-in routes it describes.
  const concern =
    parts[0] === "v1"
      ? CONCERN_OF_SEGMENT[parts[1]!]
      : parts[0] === ".well-known"
        ? CONCERN_OF_SEGMENT.auth
        : parts[0] === "api" && parts[1] === "public"
          ? langfuseConcern(parts[2]!)
          : undefined;
  if (!concern)
    throw new Error(`stacks/api-routes.ts: no stack for the route ${route.path}; give its first segment a concern`);
  return concern;
}

const langfuseConcern = (segment: string): Concern => LANGFUSE_ON_OUR_STACKS[segment] ?? "langfuse";

/**
 * A route function's own permissions and, for a route that invokes other functions (functions/invoked-functions.ts),
 * each one's name in its environment and `lambda:InvokeFunction` on exactly that function.
 */
function extrasOf(handler: string): Pick<FunctionProps, "environment" | "permissions"> {
  const { invoked } = use(Invoked);
  const called = invokedFunctions.filter((f) => f.callers.includes(handler));
  const permissions = [
    ...(PERMISSIONS_OF_HANDLER[handler] ?? []),
    ...called.map(
      (f) => new PolicyStatement({ actions: ["lambda:InvokeFunction"], resources: [invoked[f.handler]!.functionArn] }),
    ),
  ];
  return {
    ...(called.length
      ? { environment: Object.fromEntries(called.map((f) => [f.envName, invoked[f.handler]!.functionName])) }
      : {}),
    ...(permissions.length ? { permissions } : {}),
  };
}

function mount({ stack }: StackContext, concern: Concern) {
  const { api } = use(Api);
  api.addRoutes(
    stack,
    Object.fromEntries(
      routes
        // A streamed route is served by a function URL instead (stacks/stream-routes.ts).
        .filter((r) => !r.stream && concernOf(r) === concern)
        .map((r) => [
          routeKey(r),
          {
            function: {
              handler: r.handler,
              ...sizing(routeSettings(r)),
              ...extrasOf(r.handler),
            },
          },
        ]),
    ),
  );
}

/** Ingest, reads, metrics, retention: the routes of the telemetry path. */
export function TelemetryRoutes(context: StackContext) {
  mount(context, "telemetry");
}

/** Prompts, datasets, evaluators and providers. */
export function EvaluationRoutes(context: StackContext) {
  mount(context, "evaluation");
}

/** Keys, projects, memberships, audit log, prices and the API document. */
export function AdminRoutes(context: StackContext) {
  mount(context, "admin");
}

/** Langfuse's public API families beyond ingest (docs/langfuse.md). */
export function LangfuseRoutes(context: StackContext) {
  mount(context, "langfuse");
}

export const ROUTE_STACKS = { TelemetryRoutes, EvaluationRoutes, AdminRoutes, LangfuseRoutes } as const;
