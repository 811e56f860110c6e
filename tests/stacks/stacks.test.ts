import { eventRules } from "@functions/event-rules";
import { FUNCTION_SETTINGS, routeSettings, workerSettings } from "@functions/function-settings";
import { invokedFunctions } from "@functions/invoked-functions";
import { workers } from "@functions/queue-workers";
import { routeKey } from "@functions/routes";
import { schedules } from "@functions/schedules";
import { describe, expect, it } from "vitest";
import sstConfig from "../../sst.config";
import { SECRET_KEYS } from "../../stacks/storage";
import { streamOutputOf } from "../../stacks/stream-routes";
import { describeFunctionsAndIam } from "./function-checks";
import {
  BUCKET_READ_WRITE,
  CONFIG_MAX_RECEIVE_COUNT,
  deployed,
  functionByHandler,
  gatewayRoutes,
  grants,
  MIGRATE_HANDLER,
  ourFunctions,
  type Props,
  resource,
  resources,
  routeStackOf,
  routeStacks,
  SECRET_READ,
  STAGE,
  type StackName,
  stacks,
  streamedRoutes,
  synthesizeStacks,
  target,
  templates,
} from "./synth";

synthesizeStacks();

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

describeFunctionsAndIam();
