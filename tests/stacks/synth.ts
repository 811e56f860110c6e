import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Config } from "@core/platform/config";
import { eventRules } from "@functions/event-rules";
import type { FunctionSettings } from "@functions/function-settings";
import { invokedFunctions } from "@functions/invoked-functions";
import { workers } from "@functions/queue-workers";
import { routes } from "@functions/routes";
import { schedules } from "@functions/schedules";
import { Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { afterAll, beforeAll, expect } from "vitest";
import sstConfig from "../../sst.config";
import { Api } from "../../stacks/api";
import { type Concern, concernOf, ROUTE_STACKS } from "../../stacks/api-routes";
import { Console } from "../../stacks/console";
import { Cron } from "../../stacks/cron";
import { Events } from "../../stacks/events";
import { Invoked } from "../../stacks/invoked";
import { Queues } from "../../stacks/queues";
import { Storage } from "../../stacks/storage";
import { StreamRoutes } from "../../stacks/stream-routes";
import { ensureConsoleBuilt } from "../console/harness";
import { bundleFunctions, allFunctions as lambdaFunctions } from "../lambda/bundle";
import { serveCachedBundles } from "./cached-bundles";

/*
 * The stacks as `sst deploy` synthesizes them (sst.config.ts, offline), shared by the stack test's files: the
 * CloudFormation templates and the helpers that read them.
 */
// CloudFormation JSON as synthesized; the assertions below narrow what they read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Props = Record<string, any>;
export interface Resource {
  Type: string;
  Properties: Props;
}
export interface Found {
  id: string;
  props: Props;
}

export const STAGE = "test";
export const MIGRATE_HANDLER = "functions/deploy/migrate.handler";
export const ENV_KEYS = [
  "SIGHTLINE_BUCKET",
  "SIGHTLINE_INGEST_QUEUE_URL",
  "SIGHTLINE_INGEST_DLQ_URL",
  "SIGHTLINE_EVAL_QUEUE_URL",
  "SIGHTLINE_EVAL_DLQ_URL",
  "SIGHTLINE_EXPERIMENT_QUEUE_URL",
  "SIGHTLINE_EXPERIMENT_DLQ_URL",
  "SIGHTLINE_SECRETS_ARN",
  "SIGHTLINE_MAX_RECEIVE_COUNT",
  "SIGHTLINE_EVENT_BUS_NAME",
];
export const CONFIG_MAX_RECEIVE_COUNT = Config.shape.maxReceiveCount.parse(undefined);

export const stacks = { Storage, Queues, Api, Invoked, ...ROUTE_STACKS, StreamRoutes, Cron, Events, Console };
export type StackName = keyof typeof stacks;
export const templates = {} as Record<StackName, Template>;
let sst: ReturnType<typeof serveCachedBundles>;

/** The bundle SST built itself for the sampled function, beside the shared one (tests/stacks/cached-bundles.ts). */
export const sampleBundle = () => sst.sample();

/** Synthesizes every stack once, before the tests of the file that calls it (at its top level). */
export function synthesizeStacks(): void {
  // The cloud assembly (tens of MB of asset copies); CDK would otherwise leave one in the temp dir per run.
  const outdir = mkdtempSync(join(tmpdir(), "sightline-synth-"));
  beforeAll(async () => {
    // SST looks up its AWS bootstrap stack unless NODE_ENV is "test"; offline that lookup retries forever.
    process.env.NODE_ENV = "test";
    // The console's StaticSite uploads console/dist, which `npm install` builds.
    await ensureConsoleBuilt();
    await initProject({ stage: STAGE });
    // The functions' code comes from the bundles the Lambda-fidelity suite runs, built once (tests/stacks/cached-bundles.ts).
    // The sample is the auth proxy: the bundle the stack's esbuild plugins change (stacks/bundle-trims.ts).
    sst = serveCachedBundles(await bundleFunctions(lambdaFunctions()), "functions/api/auth/proxy.handler");
    const app = new App(
      { mode: "deploy", name: "sightline", stage: STAGE, region: "us-east-1", account: "123456789012" },
      { outdir },
    );
    await sstConfig.stacks(app);
    // Puts each handler's bundle into .sst/artifacts and replaces the placeholder code.
    await app.finish();
    for (const name of Object.keys(stacks) as StackName[]) templates[name] = Template.fromStack(getStack(stacks[name]));
  }, 900_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
}

export function resources(stack: StackName, type: string): Found[] {
  const all = templates[stack].toJSON().Resources as Record<string, Resource>;
  return Object.entries(all)
    .filter(([, r]) => r.Type === type)
    .map(([id, r]) => ({ id, props: r.Properties ?? {} }));
}

export function resource(stack: StackName, id: string): Props {
  const found = (templates[stack].toJSON().Resources as Record<string, Resource>)[id];
  if (!found) throw new Error(`${stack} has no resource ${id}`);
  return found.Properties;
}

/** The logical id behind `{ "Fn::GetAtt": [id, "Arn"] }` or `{ Ref: id }`. */
export function target(ref: Props): string {
  const id = ref["Fn::GetAtt"]?.[0] ?? ref.Ref;
  if (typeof id !== "string") throw new Error(`not a reference: ${JSON.stringify(ref)}`);
  return id;
}

export const allFunctions = () =>
  (Object.keys(stacks) as StackName[]).flatMap((stack) =>
    resources(stack, "AWS::Lambda::Function").map((f) => ({ stack, ...f })),
  );
export const ourHandlers = new Set(
  [...routes, ...workers, ...schedules, ...eventRules, ...invokedFunctions]
    .map((d) => d.handler)
    .concat(MIGRATE_HANDLER),
);
export const ourFunctions = () => allFunctions().filter((f) => ourHandlers.has(f.props.Handler));

export function functionByHandler(stack: StackName, handler: string): Found {
  const found = functionsByHandler(stack, handler);
  expect(found, `${stack}: one function runs ${handler}`).toHaveLength(1);
  return found[0]!;
}

/** Aliases (e.g. the Langfuse paths) share a handler file: one function per route, so several here. */
export function functionsByHandler(stack: StackName, handler: string): Found[] {
  return resources(stack, "AWS::Lambda::Function").filter((f) => f.props.Handler === handler);
}

/** `action → resource` pairs granted to a function's role, resources named by the construct they point at. */
export function grants(stack: StackName, fn: Found): Set<string> {
  const role = target(fn.props.Role);
  const label = (r: unknown) =>
    JSON.stringify(r).match(
      /IngestDeadLetters|IngestQueue|EvalDeadLetters|EvalQueue|ExperimentDeadLetters|ExperimentQueue|BlobsBucket|Secrets|Events|ModelCall/,
    )?.[0] ?? JSON.stringify(r);
  const pairs = new Set<string>();
  for (const policy of resources(stack, "AWS::IAM::Policy")) {
    if (!policy.props.Roles.some((r: Props) => r.Ref === role)) continue;
    for (const s of policy.props.PolicyDocument.Statement as Props[]) {
      for (const action of [s.Action].flat())
        for (const res of [s.Resource].flat()) pairs.add(`${action} → ${label(res)}`);
    }
  }
  return pairs;
}

export const BUCKET_READ_WRITE = [
  "s3:GetObject* → BlobsBucket",
  "s3:PutObject → BlobsBucket",
  "s3:DeleteObject* → BlobsBucket",
  "s3:List* → BlobsBucket",
];
export const SECRET_READ = ["secretsmanager:GetSecretValue → Secrets"];

export const ROUTE_STACK_OF: Record<Concern, StackName> = {
  telemetry: "TelemetryRoutes",
  evaluation: "EvaluationRoutes",
  admin: "AdminRoutes",
  langfuse: "LangfuseRoutes",
};
export const routeStackOf = (r: (typeof routes)[number]) => ROUTE_STACK_OF[concernOf(r)];
export const routeStacks = Object.values(ROUTE_STACK_OF);
/** Routes API Gateway serves; streamed ones have function URLs (StreamRoutes). */
export const gatewayRoutes = routes.filter((r) => !r.stream);
export const streamedRoutes = routes.filter((r) => r.stream);

/** A function's settings as CloudFormation writes them. */
export const deployed = (settings: FunctionSettings) => ({
  MemorySize: settings.memoryMb,
  Timeout: settings.timeoutSeconds,
  ...(settings.reservedConcurrency !== undefined ? { ReservedConcurrentExecutions: settings.reservedConcurrency } : {}),
});
