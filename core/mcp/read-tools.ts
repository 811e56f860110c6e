import * as Datasets from "../datasets";
import * as Prompts from "../prompts";
import * as Reviews from "../reviews";
import * as Traces from "../traces";
import { tool } from "./tool";

/** The tools that change nothing: VIEWER, like their endpoints. */
export const READ_TOOLS = [
  tool({
    name: "list_traces",
    description:
      "List the project's traces, newest first, with observation count, total cost (USD) and latency. Filters: name, userId, sessionId, environment, release, version, tags, from/to (ISO-8601), and `filter`, a JSON array of {column, operator, value}. Pages with limit and cursor.",
    role: "VIEWER",
    endpoint: "GET /v1/traces",
    input: Traces.ListTracesQuery,
    run: (deps, principal, input) => Traces.listTraces(deps, principal.projectId, input),
  }),
  tool({
    name: "get_trace",
    description:
      "One trace by id, with its observations (input, output, usage, cost, latency), its scores, total cost and latency.",
    role: "VIEWER",
    endpoint: "GET /v1/traces/{id}",
    input: Traces.TracePath,
    run: (deps, principal, input) => Traces.getTrace(deps, principal.projectId, input.id),
  }),
  tool({
    name: "search_observations",
    description:
      "Search every observation (span, generation, event) of the project as a flat table: filter by type, model, level, name, traceId, userId, sessionId, environment, from/to and `filter` (JSON array; `scores.<name>` columns allowed); sort with orderBy and order.",
    role: "VIEWER",
    endpoint: "GET /v1/observations",
    input: Traces.ListObservationsQuery,
    run: (deps, principal, input) => Traces.listObservations(deps, principal.projectId, input),
  }),
  tool({
    name: "get_metrics",
    description:
      "Cost (USD), tokens, trace and observation counts and latency percentiles per day over [from, to) (default: the last 30 days); groupBy may add environment and model.",
    role: "VIEWER",
    endpoint: "GET /v1/metrics",
    input: Traces.MetricsQuery,
    run: (deps, principal, input) => Traces.getMetrics(deps, principal.projectId, input),
  }),
  tool({
    name: "list_prompts",
    description:
      "List the project's prompts by name with their versions and labels; filter by name, folder, label or type (TEXT, CHAT).",
    role: "VIEWER",
    endpoint: "GET /v1/prompts",
    input: Prompts.ListPromptsQuery,
    run: (deps, principal, input) => Prompts.listPrompts(deps, principal.projectId, input),
  }),
  tool({
    name: "get_prompt",
    description:
      "A prompt by name: the latest raw body (includes unexpanded) with its versions and labels, or with `channel` (a label such as production) or `version` that version resolved, includes expanded.",
    role: "VIEWER",
    endpoint: "GET /v1/prompts/{name}",
    input: Prompts.DetailQuery.safeExtend(Prompts.PromptPath.shape),
    run: ({ db, config, caches }, principal, { name, ...query }) =>
      Prompts.getPromptDetail({ db, config, caches }, principal.projectId, name, query),
  }),
  tool({
    name: "list_datasets",
    description: "List the project's datasets by name, with item counts.",
    role: "VIEWER",
    endpoint: "GET /v1/datasets",
    input: Datasets.ListDatasetsQuery,
    run: (deps, principal, input) => Datasets.listDatasets(deps, principal.projectId, input),
  }),
  tool({
    name: "list_review_items",
    description:
      "Items of a human-review queue (oldest first), each with its trace's name, input, output and timestamp; `status` pending or done.",
    role: "VIEWER",
    endpoint: "GET /v1/review-queues/{queue}/items",
    input: Reviews.ListItemsQuery.extend(Reviews.QueuePath.shape),
    run: (deps, principal, { queue, ...query }) => Reviews.listItems(deps, principal.projectId, queue, query),
  }),
];
