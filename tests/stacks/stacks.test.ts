import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Config } from "@core/platform/config";
import { eventRules } from "@functions/event-rules";
import {
  eventSettings,
  FUNCTION_SETTINGS,
  type FunctionSettings,
  invokedSettings,
  routeClass,
  routeSettings,
  scheduleSettings,
  workerSettings,
} from "@functions/function-settings";
import { invokedFunctions } from "@functions/invoked-functions";
import { workers } from "@functions/queue-workers";
import { routeKey, routes } from "@functions/routes";
import { schedules } from "@functions/schedules";
import { Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sstConfig from "../../sst.config";
import { Api } from "../../stacks/api";
import { type Concern, concernOf, ROUTE_STACKS } from "../../stacks/api-routes";
import { Console } from "../../stacks/console";
import { Cron } from "../../stacks/cron";
import { Events } from "../../stacks/events";
import { Invoked } from "../../stacks/invoked";
import { Queues } from "../../stacks/queues";
import { SECRET_KEYS, Storage } from "../../stacks/storage";
import { StreamRoutes, streamOutputOf } from "../../stacks/stream-routes";
import { ensureConsoleBuilt } from "../console/harness";
import { bundleFunctions, allFunctions as lambdaFunctions } from "../lambda/bundle";
import { serveCachedBundles } from "./cached-bundles";

// CloudFormation JSON as synthesized; the assertions below narrow what they read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Props = Record<string, any>;
interface Resource {
  Type: string;
  Properties: Props;
}
interface Found {
  id: string;
  props: Props;
}

const STAGE = "test";
const MIGRATE_HANDLER = "functions/deploy/migrate.handler";
const ENV_KEYS = [
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
const CONFIG_MAX_RECEIVE_COUNT = Config.shape.maxReceiveCount.parse(undefined);

const stacks = { Storage, Queues, Api, Invoked, ...ROUTE_STACKS, StreamRoutes, Cron, Events, Console };
type StackName = keyof typeof stacks;
const templates = {} as Record<StackName, Template>;
// The cloud assembly (tens of MB of asset copies); CDK would otherwise leave one in the temp dir per run.
const outdir = mkdtempSync(join(tmpdir(), "sightline-synth-"));
let sst: ReturnType<typeof serveCachedBundles>;

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

function resources(stack: StackName, type: string): Found[] {
  const all = templates[stack].toJSON().Resources as Record<string, Resource>;
  return Object.entries(all)
    .filter(([, r]) => r.Type === type)
    .map(([id, r]) => ({ id, props: r.Properties ?? {} }));
}

function resource(stack: StackName, id: string): Props {
  const found = (templates[stack].toJSON().Resources as Record<string, Resource>)[id];
  if (!found) throw new Error(`${stack} has no resource ${id}`);
  return found.Properties;
}

/** The logical id behind `{ "Fn::GetAtt": [id, "Arn"] }` or `{ Ref: id }`. */
function target(ref: Props): string {
  const id = ref["Fn::GetAtt"]?.[0] ?? ref.Ref;
  if (typeof id !== "string") throw new Error(`not a reference: ${JSON.stringify(ref)}`);
  return id;
}

const allFunctions = () =>
  (Object.keys(stacks) as StackName[]).flatMap((stack) =>
    resources(stack, "AWS::Lambda::Function").map((f) => ({ stack, ...f })),
  );
const ourHandlers = new Set(
  [...routes, ...workers, ...schedules, ...eventRules, ...invokedFunctions]
    .map((d) => d.handler)
    .concat(MIGRATE_HANDLER),
);
const ourFunctions = () => allFunctions().filter((f) => ourHandlers.has(f.props.Handler));

function functionByHandler(stack: StackName, handler: string): Found {
  const found = functionsByHandler(stack, handler);
  expect(found, `${stack}: one function runs ${handler}`).toHaveLength(1);
  return found[0]!;
}

/** Aliases (e.g. the Langfuse paths) share a handler file: one function per route, so several here. */
function functionsByHandler(stack: StackName, handler: string): Found[] {
  return resources(stack, "AWS::Lambda::Function").filter((f) => f.props.Handler === handler);
}

/** `action → resource` pairs granted to a function's role, resources named by the construct they point at. */
function grants(stack: StackName, fn: Found): Set<string> {
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

const BUCKET_READ_WRITE = [
  "s3:GetObject* → BlobsBucket",
  "s3:PutObject → BlobsBucket",
  "s3:DeleteObject* → BlobsBucket",
  "s3:List* → BlobsBucket",
];
const SECRET_READ = ["secretsmanager:GetSecretValue → Secrets"];

describe("sst.config", () => {
  it("names the app sightline", async () => {
    expect((await sstConfig.config()).name).toBe("sightline");
  });
});

describe("Storage stack", () => {
  it("creates a private, encrypted bucket that refuses plain HTTP", () => {
    const [bucket] = resources("Storage", "AWS::S3::Bucket");

    expect(bucket?.props.OwnershipControls.Rules).toEqual([{ ObjectOwnership: "BucketOwnerEnforced" }]);
    expect(bucket?.props.CorsConfiguration).toBeUndefined();
    expect(bucket?.props.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket?.props.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
    ).toBe("AES256");
    const statements = resources("Storage", "AWS::S3::BucketPolicy").flatMap(
      (p) => p.props.PolicyDocument.Statement as Props[],
    );
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
    );
  });

  it("creates the stage's secret with an empty slot for every connection setting", () => {
    const [secret] = resources("Storage", "AWS::SecretsManager::Secret");

    expect(secret?.props.Name).toBe(`sightline/${STAGE}/secrets`);
    expect(Object.keys(JSON.parse(secret?.props.SecretString))).toEqual([...SECRET_KEYS]);
  });
});

describe("Queues stack", () => {
  /** The queue of a worker (its logical id starts with the queue's construct name) and its dead-letter queue. */
  const queueOf = (w: (typeof workers)[number]) => {
    const prefix = { ingest: "Ingest", eval: "Eval", experiment: "Experiment" }[w.queue];
    const queue = resources("Queues", "AWS::SQS::Queue").find(
      (q) => q.props.RedrivePolicy && q.id.startsWith(`${prefix}Queue`),
    );
    if (!queue) throw new Error(`no ${w.queue} queue`);
    return { queue, dlq: resource("Queues", target(queue.props.RedrivePolicy.deadLetterTargetArn)) };
  };

  it("has the ingest, the eval and the experiment queue, one consumer each", () => {
    expect(workers.map((w) => w.queue).sort()).toEqual(["eval", "experiment", "ingest"]);
    expect(resources("Queues", "AWS::SQS::Queue")).toHaveLength(6);
    expect(resources("Queues", "AWS::Lambda::EventSourceMapping")).toHaveLength(3);
  });

  it.each(workers.map((w) => [w.queue, w] as const))(
    "%s: dead-letters after the Config default receive count and keeps dead letters 14 days",
    (_, worker) => {
      const { queue, dlq } = queueOf(worker);

      expect(CONFIG_MAX_RECEIVE_COUNT).toBe(5);
      expect(queue.props.RedrivePolicy.maxReceiveCount).toBe(CONFIG_MAX_RECEIVE_COUNT);
      expect(queue.props.VisibilityTimeout).toBe(worker.visibilitySeconds);
      expect(dlq.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      expect(queue.props.SqsManagedSseEnabled).toBe(true);
      expect(dlq.SqsManagedSseEnabled).toBe(true);
    },
  );

  it.each(workers.map((w) => [w.queue, w] as const))(
    "%s: drains the queue into its worker with partial batch responses",
    (_, worker) => {
      const { queue } = queueOf(worker);
      const fn = functionByHandler("Queues", worker.handler);
      const mapping = resources("Queues", "AWS::Lambda::EventSourceMapping").find(
        (m) => target(m.props.EventSourceArn) === queue.id,
      );

      expect(mapping?.props).toMatchObject({
        BatchSize: worker.batchSize,
        FunctionResponseTypes: ["ReportBatchItemFailures"],
      });
      expect(mapping?.props.MaximumBatchingWindowInSeconds).toBe(worker.batchingWindowSeconds);
      expect(target(mapping?.props.FunctionName)).toBe(fn.id);
      expect(fn.props.Timeout).toBe(worker.timeoutSeconds);
      expect(worker.visibilitySeconds).toBeGreaterThan(worker.timeoutSeconds);
      expect(fn.props.ReservedConcurrentExecutions).toBe(worker.reservedConcurrency);
    },
  );

  it("bounds the eval worker's instances, which protects the judge providers", () => {
    const worker = workers.find((w) => w.queue === "eval")!;
    expect(worker.reservedConcurrency).toBeGreaterThan(0);
    expect(functionByHandler("Queues", worker.handler).props.ReservedConcurrentExecutions).toBe(
      worker.reservedConcurrency,
    );
  });

  it("bounds the experiment worker's instances and gives it the worker class's memory", () => {
    const worker = workers.find((w) => w.queue === "experiment")!;
    const fn = functionByHandler("Queues", worker.handler);

    expect(worker.reservedConcurrency).toBeGreaterThan(0);
    expect(fn.props.ReservedConcurrentExecutions).toBe(worker.reservedConcurrency);
    expect(fn.props.MemorySize).toBe(workerSettings(worker).memoryMb);
    expect(fn.props.Timeout).toBe(workerSettings(worker).timeoutSeconds);
  });
});

const ROUTE_STACK_OF: Record<Concern, StackName> = {
  telemetry: "TelemetryRoutes",
  evaluation: "EvaluationRoutes",
  admin: "AdminRoutes",
  langfuse: "LangfuseRoutes",
};
const routeStackOf = (r: (typeof routes)[number]) => ROUTE_STACK_OF[concernOf(r)];
const routeStacks = Object.values(ROUTE_STACK_OF);
/** Routes API Gateway serves; streamed ones have function URLs (StreamRoutes). */
const gatewayRoutes = routes.filter((r) => !r.stream);
const streamedRoutes = routes.filter((r) => r.stream);

describe("every stack", () => {
  // CloudFormation refuses a stack of more than 500 resources; 400 leaves room for the routes to come.
  it.each(Object.keys(stacks) as StackName[])("%s stays at 400 resources or fewer", (name) => {
    const count = Object.keys(templates[name].toJSON().Resources ?? {}).length;

    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(400);
  });
});

describe("Api and route stacks", () => {
  it("has one route per entry of the route table and nothing else, each in the stack of its concern", () => {
    const all = routeStacks.flatMap((stack) =>
      resources(stack, "AWS::ApiGatewayV2::Route").map((r) => `${stack} ${r.props.RouteKey}`),
    );

    expect(all.sort()).toEqual(gatewayRoutes.map((r) => `${routeStackOf(r)} ${routeKey(r)}`).sort());
    expect(resources("Api", "AWS::ApiGatewayV2::Api")).toHaveLength(1);
  });

  it.each(gatewayRoutes.map((r) => [routeKey(r), r] as const))("routes %s to its own Lambda", (key, r) => {
    const stack = routeStackOf(r);
    const [route] = resources(stack, "AWS::ApiGatewayV2::Route").filter((x) => x.props.RouteKey === key);
    const integrationId = route?.props.Target["Fn::Join"][1][1].Ref;
    const integration = resource(stack, integrationId);
    const fn = resource(stack, target(integration.IntegrationUri));

    expect(integration).toMatchObject({ IntegrationType: "AWS_PROXY", PayloadFormatVersion: "2.0" });
    expect(fn).toMatchObject({ Handler: r.handler, ...deployed(routeSettings(r)) });
    expect(fn.ReservedConcurrentExecutions).toBe(routeSettings(r).reservedConcurrency);
  });

  it("gives every route a Lambda of its own", () => {
    const integrations = routeStacks.flatMap((stack) =>
      resources(stack, "AWS::ApiGatewayV2::Integration").map((i) => `${stack}/${target(i.props.IntegrationUri)}`),
    );

    expect(new Set(integrations).size).toBe(gatewayRoutes.length);
  });

  it.each(streamedRoutes.map((r) => [routeKey(r), r] as const))(
    "serves the streamed route %s from its own function URL in RESPONSE_STREAM mode, not through API Gateway",
    (_, r) => {
      const fn = functionByHandler("StreamRoutes", r.handler);
      const urls = resources("StreamRoutes", "AWS::Lambda::Url").filter(
        (u) => target(u.props.TargetFunctionArn) === fn.id,
      );

      expect(urls).toHaveLength(1);
      expect(urls[0]!.props).toMatchObject({
        InvokeMode: "RESPONSE_STREAM",
        AuthType: "NONE",
        Cors: { AllowMethods: [r.method], AllowOrigins: ["*"] },
      });
      expect(fn.props).toMatchObject({ Handler: r.handler, ...deployed(routeSettings(r)) });
      expect(Object.keys(templates.StreamRoutes.toJSON().Outputs)).toContain(streamOutputOf(r));
      expect(
        routeStacks.flatMap((stack) => resources(stack, "AWS::ApiGatewayV2::Route")).map((x) => x.props.RouteKey),
      ).not.toContain(routeKey(r));
    },
  );

  it("lets a streamed route record its calls (bucket, ingest queue) and open the provider keys, nothing more", () => {
    for (const r of streamedRoutes) {
      const granted = [...grants("StreamRoutes", functionByHandler("StreamRoutes", r.handler))];

      expect(granted).toEqual(
        expect.arrayContaining([...BUCKET_READ_WRITE, "sqs:SendMessage → IngestQueue", ...SECRET_READ]),
      );
      expect(granted.filter((g) => /EvalQueue|DeadLetters|Events|^sqs:(Receive|Delete)/.test(g))).toEqual([]);
    }
  });

  it("outputs the API URL", () => {
    expect(Object.keys(templates.Api.toJSON().Outputs)).toContain("ApiUrl");
  });
});

describe("Console stack", () => {
  it("serves console/dist from a private bucket through CloudFront, index.html for every app route", () => {
    const [bucket] = resources("Console", "AWS::S3::Bucket");
    expect(bucket?.props.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const [distribution] = resources("Console", "AWS::CloudFront::Distribution");
    const config = distribution!.props.DistributionConfig;
    expect(config.DefaultRootObject).toBe("index.html");
    expect(config.CustomErrorResponses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ErrorCode: 403, ResponseCode: 200, ResponsePagePath: "/index.html" }),
        expect.objectContaining({ ErrorCode: 404, ResponseCode: 200, ResponsePagePath: "/index.html" }),
      ]),
    );
    expect(Object.keys(templates.Console.toJSON().Outputs)).toContain("ConsoleUrl");
  });

  it("writes the API URL and the sign-in mode into config.json at deploy", () => {
    const [upload] = resources("Console", "Custom::S3Uploader");
    const replaced = upload!.props.replaceValues as Props[];
    const apiUrl = replaced.find((r) => r.search === "{{ SIGHTLINE_API_URL }}");
    expect(apiUrl).toMatchObject({ files: "config.json" });
    // The API's URL, imported from the Api stack.
    expect(JSON.stringify(apiUrl!.replace)).toMatch(/Fn::ImportValue|Fn::GetAtt|Fn::Join/);
    expect(replaced.find((r) => r.search === '"{{ SIGHTLINE_CONSOLE_KEY_SIGNIN }}"')).toMatchObject({
      files: "config.json",
      replace: "false",
    });
    // The playground's function URL, which streams (docs/playground.md, "Streaming through both runtimes").
    expect(JSON.stringify(replaced.find((r) => r.search === "{{ SIGHTLINE_STREAM_URL }}")!.replace)).toMatch(
      /Fn::ImportValue|Fn::GetAtt|Fn::Join/,
    );
  });
});

describe("Cron stack", () => {
  it("runs thread-cooldown and backfill every minute, retention daily at 03:00 UTC", () => {
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s.schedule]));
    expect(byName).toMatchObject({
      "thread-cooldown": "rate(1 minute)",
      backfill: "rate(1 minute)",
      retention: "cron(0 3 * * ? *)",
    });
  });

  it("has one EventBridge rule per schedule", () => {
    expect(resources("Cron", "AWS::Events::Rule")).toHaveLength(schedules.length);
  });

  it.each(schedules.map((s) => [s.name, s] as const))("runs %s on its expression", (_, s) => {
    const rules = resources("Cron", "AWS::Events::Rule").filter((r) => r.props.ScheduleExpression === s.schedule);
    const fn = functionByHandler("Cron", s.handler);

    expect(rules.map((r) => target(r.props.Targets[0].Arn))).toContain(fn.id);
  });

  it("runs the migrations on create and on update", () => {
    const [script] = resources("Cron", "Custom::SSTScript");
    const fn = functionByHandler("Cron", MIGRATE_HANDLER);

    expect(target(script?.props.UserCreateFunction)).toBe(fn.id);
    expect(target(script?.props.UserUpdateFunction)).toBe(fn.id);
  });
});

describe("Events stack", () => {
  it("has the event bus, named in every function's environment", () => {
    const [bus] = resources("Storage", "AWS::Events::EventBus");
    expect(bus).toBeDefined();
    for (const fn of ourFunctions())
      expect(JSON.stringify(fn.props.Environment.Variables.SIGHTLINE_EVENT_BUS_NAME), fn.id).toContain("Events");
  });

  it.each(eventRules.map((r) => [r.name, r] as const))(
    "routes the %s events of our source on the bus to their function",
    (_, rule) => {
      const rules = resources("Events", "AWS::Events::Rule").filter(
        (r) => JSON.stringify(r.props.EventPattern["detail-type"]) === JSON.stringify(rule.types),
      );
      const fn = functionByHandler("Events", rule.handler);

      expect(rules).toHaveLength(1);
      expect(rules[0]!.props.EventPattern.source).toEqual(["sightline"]);
      expect(JSON.stringify(rules[0]!.props.EventBusName)).toContain("Events");
      expect(rules[0]!.props.Targets.map((t: Props) => target(t.Arn))).toEqual([fn.id]);
    },
  );

  it("has one rule per entry of the event-rule table", () => {
    expect(resources("Events", "AWS::Events::Rule")).toHaveLength(eventRules.length);
  });

  it("lets the relay and the workers put events on the bus; consumers only read the secret", () => {
    const canPut = (stack: StackName, handler: string) =>
      grants(stack, functionByHandler(stack, handler)).has("events:PutEvents → Events");
    expect(canPut("Cron", "functions/cron/relay-outbox.handler")).toBe(true);
    for (const w of workers) expect(canPut("Queues", w.handler), w.handler).toBe(true);
    for (const rule of eventRules) {
      const granted = [...grants("Events", functionByHandler("Events", rule.handler))];
      expect(granted).toEqual(expect.arrayContaining(SECRET_READ));
      expect(granted.filter((g) => /^(s3|sqs|events):/.test(g))).toEqual([]);
    }
  });
});

describe("Invoked stack", () => {
  const MCP_POST = "functions/api/mcp/post-message.handler";
  const modelCall = invokedFunctions.find((f) => f.name === "ModelCall")!;

  it("runs the model-call function for the MCP server's judges, reading the secret and nothing else", () => {
    const fn = functionByHandler("Invoked", modelCall.handler);
    const granted = [...grants("Invoked", fn)];

    expect(modelCall.callers).toEqual([MCP_POST]);
    expect(fn.props).toMatchObject({ Handler: modelCall.handler, ...deployed(FUNCTION_SETTINGS.invoked) });
    expect(granted).toEqual(expect.arrayContaining(SECRET_READ));
    expect(granted.filter((g) => /^(s3|sqs|events|lambda):/.test(g))).toEqual([]);
  });

  it("lets only the MCP POST function invoke it, on exactly its ARN, and names it in that function's environment", () => {
    const invokers = ourFunctions().flatMap((f) =>
      [...grants(f.stack, f)].filter((g) => g.startsWith("lambda:")).map((g) => `${f.props.Handler}: ${g}`),
    );
    const mcp = functionByHandler("AdminRoutes", MCP_POST);
    const named = JSON.stringify(mcp.props.Environment.Variables.SIGHTLINE_MODEL_CALL_FUNCTION);
    const modelCallId = functionByHandler("Invoked", modelCall.handler).id;

    expect(invokers).toEqual([`${MCP_POST}: lambda:InvokeFunction → ModelCall`]);
    // Across stacks CloudFormation passes the name and the ARN as exports of the Invoked stack's function.
    expect(named).toContain(`Ref${modelCallId}`);
    const statement = resources("AdminRoutes", "AWS::IAM::Policy")
      .filter((p) => p.props.Roles.some((r: Props) => r.Ref === target(mcp.props.Role)))
      .flatMap((p) => p.props.PolicyDocument.Statement as Props[])
      .find((st) => st.Action === "lambda:InvokeFunction");
    expect(JSON.stringify(statement?.Resource)).toContain(`GetAtt${modelCallId}Arn`);
  });
});

/** What CloudFormation holds for a function of these settings (no reservation: the property is absent). */
const deployed = (settings: FunctionSettings) => ({
  MemorySize: settings.memoryMb,
  Timeout: settings.timeoutSeconds,
  ...(settings.reservedConcurrency !== undefined ? { ReservedConcurrentExecutions: settings.reservedConcurrency } : {}),
});

describe("every function", () => {
  it("runs the shared bundles, which are what sst deploy builds: the auth proxy bundled by SST itself is the same file", () => {
    const sample = sst.sample();
    // SST also writes a source map and links it from the bundle's last line.
    const withoutSourceMap = (code: string) => code.replace(/\n\/\/# sourceMappingURL=\S+\n?$/, "\n");

    expect(sample).toBeDefined();
    expect(
      withoutSourceMap(sample!.sst) === sample!.shared,
      `${sample!.handler}: SST's bundle differs from the shared one (tests/lambda/bundle.ts)`,
    ).toBe(true);
  });

  it("exists once per table entry, plus the migrations", () => {
    const expected = [...routes, ...workers, ...schedules, ...eventRules, ...invokedFunctions]
      .map((d) => d.handler)
      .concat(MIGRATE_HANDLER);

    expect(
      ourFunctions()
        .map((f) => f.props.Handler)
        .sort(),
    ).toEqual(expected.sort());
  });

  it.each([
    ...workers.map((w) => ["Queues", w.handler, workerSettings(w)] as const),
    ...schedules.map((s) => ["Cron", s.handler, scheduleSettings(s)] as const),
    ...eventRules.map((e) => ["Events", e.handler, eventSettings(e)] as const),
    ...invokedFunctions.map((f) => ["Invoked", f.handler, invokedSettings(f)] as const),
    ["Cron", MIGRATE_HANDLER, FUNCTION_SETTINGS.deploy] as const,
  ])("sizes the %s stack's %s by the function settings table", (stack, handler, settings) => {
    const { props } = functionByHandler(stack as StackName, handler);
    expect(props).toMatchObject(deployed(settings));
    expect(props.ReservedConcurrentExecutions).toBe(settings.reservedConcurrency);
  });

  it("takes each route's class from the table: ingest accepts, reads and writes", () => {
    const classOf = (path: string, method = "POST") =>
      routeClass(routes.find((r) => r.path === path && r.method === method)!);
    expect([
      classOf("/v1/ingest"),
      classOf("/api/public/ingestion"),
      classOf("/v1/otel/v1/traces"),
      classOf("/v1/otel/v1/logs"),
    ]).toEqual(Array(4).fill("ingest-accept"));
    expect(classOf("/v1/traces", "GET")).toBe("api-read");
    expect(classOf("/v1/prompts")).toBe("api-write");
    // Never reserved: a burst of ingest is absorbed by the queue, not throttled by a limit of ours.
    expect(FUNCTION_SETTINGS["ingest-accept"].reservedConcurrency).toBeUndefined();
  });

  it("runs every function of ours on arm64", () => {
    expect(
      ourFunctions()
        .filter((f) => JSON.stringify(f.props.Architectures) !== '["arm64"]')
        .map((f) => f.props.Handler),
    ).toEqual([]);
  });

  it("runs on nodejs22.x, SST's helper functions included", () => {
    const runtimes = allFunctions().map((f) => `${f.stack}/${f.id}: ${f.props.Runtime}`);

    expect(runtimes.filter((r) => !r.endsWith(": nodejs22.x"))).toEqual([]);
  });

  it("gets the environment the AWS composition root parses, and no secret values", () => {
    for (const fn of ourFunctions()) {
      const env = fn.props.Environment.Variables as Props;

      expect(Object.keys(env), fn.id).toEqual(expect.arrayContaining(ENV_KEYS));
      expect(env).toMatchObject({ SIGHTLINE_MAX_RECEIVE_COUNT: String(CONFIG_MAX_RECEIVE_COUNT) });
      expect(
        Object.keys(env).filter((k) => (SECRET_KEYS as readonly string[]).includes(k)),
        fn.id,
      ).toEqual([]);
    }
  });
});

describe("IAM", () => {
  it("grants no s3 or sqs action on every resource", () => {
    const wide = (Object.keys(stacks) as StackName[])
      .flatMap((stack) => resources(stack, "AWS::IAM::Policy"))
      .flatMap((p) => p.props.PolicyDocument.Statement as Props[])
      .filter((s) => [s.Action].flat().some((a: string) => /^(s3|sqs):/.test(a)))
      .filter((s) => [s.Resource].flat().some((r) => r === "*"));

    expect(wide).toEqual([]);
  });

  it.each(gatewayRoutes.map((r) => [routeKey(r), r] as const))(
    "lets %s use the bucket, feed the queue and replay dead letters",
    (_, r) => {
      const fns = functionsByHandler(routeStackOf(r), r.handler);
      expect(fns.length).toBe(routes.filter((x) => x.handler === r.handler).length);
      for (const fn of fns) expectApiGrants(grants(routeStackOf(r), fn));
    },
  );

  function expectApiGrants(granted: Set<string>) {
    expect([...granted]).toEqual(
      expect.arrayContaining([
        ...BUCKET_READ_WRITE,
        ...SECRET_READ,
        "sqs:SendMessage → IngestQueue",
        "sqs:GetQueueAttributes → IngestQueue",
        "sqs:ReceiveMessage → IngestDeadLetters",
        "sqs:DeleteMessage → IngestDeadLetters",
        "sqs:SendMessage → IngestDeadLetters",
        // Experiments and backfills queue evaluations.
        "sqs:SendMessage → EvalQueue",
        // An experiment's start queues its lanes.
        "sqs:SendMessage → ExperimentQueue",
      ]),
    );
    expect(granted.has("sqs:ReceiveMessage → ExperimentQueue")).toBe(false);
    expect(granted.has("sqs:ReceiveMessage → IngestQueue")).toBe(false);
    expect(granted.has("sqs:ReceiveMessage → EvalQueue")).toBe(false);
  }

  it("lets the worker consume the ingest queue, use the bucket, dead-letter and replay dead letters", () => {
    const worker = workers.find((w) => w.queue === "ingest")!;
    const granted = grants("Queues", functionByHandler("Queues", worker.handler));

    expect([...granted]).toEqual(
      expect.arrayContaining([
        ...BUCKET_READ_WRITE,
        ...SECRET_READ,
        "sqs:ReceiveMessage → IngestQueue",
        "sqs:DeleteMessage → IngestQueue",
        "sqs:SendMessage → IngestDeadLetters",
        "sqs:ReceiveMessage → IngestDeadLetters",
        "sqs:DeleteMessage → IngestDeadLetters",
        "sqs:ChangeMessageVisibility → IngestDeadLetters",
        "sqs:SendMessage → IngestQueue",
        "sqs:SendMessage → EvalQueue",
      ]),
    );
  });

  it("lets the eval worker consume the eval queue, read the bucket and the secret, dead-letter, and record its judges' calls (bucket, ingest queue)", () => {
    const worker = workers.find((w) => w.queue === "eval")!;
    const granted = [...grants("Queues", functionByHandler("Queues", worker.handler))];

    expect(granted).toEqual(
      expect.arrayContaining([
        ...SECRET_READ,
        ...BUCKET_READ_WRITE,
        "sqs:ReceiveMessage → EvalQueue",
        "sqs:DeleteMessage → EvalQueue",
        "sqs:SendMessage → EvalDeadLetters",
        "sqs:SendMessage → EvalQueue",
        "sqs:SendMessage → IngestQueue",
      ]),
    );
    expect(
      granted.filter(
        (g) =>
          g.includes("Ingest") &&
          g !== "sqs:SendMessage → IngestQueue" &&
          g !== "sqs:GetQueueAttributes → IngestQueue" &&
          g !== "sqs:GetQueueUrl → IngestQueue",
      ),
    ).toEqual([]);
  });

  it("lets the experiment worker consume its queue, record traces (bucket, ingest queue), queue evaluations and hand lanes over", () => {
    const worker = workers.find((w) => w.queue === "experiment")!;
    const granted = [...grants("Queues", functionByHandler("Queues", worker.handler))];

    expect(granted).toEqual(
      expect.arrayContaining([
        ...BUCKET_READ_WRITE,
        ...SECRET_READ,
        "sqs:ReceiveMessage → ExperimentQueue",
        "sqs:DeleteMessage → ExperimentQueue",
        "sqs:SendMessage → ExperimentQueue",
        "sqs:SendMessage → ExperimentDeadLetters",
        "sqs:SendMessage → IngestQueue",
        "sqs:SendMessage → EvalQueue",
      ]),
    );
    expect(granted).not.toContain("sqs:ReceiveMessage → IngestQueue");
  });

  it("lets scheduled jobs use the bucket and read the secret, and send only to the queues their schedule names", () => {
    for (const s of schedules) {
      const granted = [...grants("Cron", functionByHandler("Cron", s.handler))];
      const sends = (s.sendsTo ?? []).map((q) => `sqs:SendMessage → ${q === "eval" ? "EvalQueue" : q}`);

      expect(granted).toEqual(expect.arrayContaining([...BUCKET_READ_WRITE, ...SECRET_READ, ...sends]));
      // grantSendMessages also grants reading the queue's URL and attributes; nothing that receives or deletes.
      expect(granted.filter((g) => /^sqs:(ReceiveMessage|DeleteMessage|ChangeMessageVisibility)/.test(g))).toEqual([]);
      expect(granted.filter((g) => g.startsWith("sqs:SendMessage"))).toEqual(sends);
    }
  });

  it("sends thread-cooldown and backfill jobs to the eval queue, and nothing else", () => {
    const sending = schedules.filter((s) => s.sendsTo?.length).map((s) => s.name);
    expect(sending.sort()).toEqual(["backfill", "thread-cooldown"]);
  });

  it("lets the migrations read the secret only", () => {
    const granted = [...grants("Cron", functionByHandler("Cron", MIGRATE_HANDLER))];

    expect(granted).toEqual(expect.arrayContaining(SECRET_READ));
    expect(granted.filter((g) => /^(s3|sqs):/.test(g))).toEqual([]);
  });
});
