import { eventRules } from "@functions/event-rules";
import {
  eventSettings,
  FUNCTION_SETTINGS,
  invokedSettings,
  routeClass,
  scheduleSettings,
  workerSettings,
} from "@functions/function-settings";
import { invokedFunctions } from "@functions/invoked-functions";
import { workers } from "@functions/queue-workers";
import { routeKey, routes } from "@functions/routes";
import { schedules } from "@functions/schedules";
import { describe, expect, it } from "vitest";
import { SECRET_KEYS } from "../../stacks/storage";
import {
  allFunctions,
  BUCKET_READ_WRITE,
  CONFIG_MAX_RECEIVE_COUNT,
  deployed,
  ENV_KEYS,
  functionByHandler,
  functionsByHandler,
  gatewayRoutes,
  grants,
  MIGRATE_HANDLER,
  ourFunctions,
  type Props,
  resources,
  routeStackOf,
  SECRET_READ,
  type StackName,
  sampleBundle,
  stacks,
} from "./synth";

/**
 * What every function of the synthesized stacks runs and may do: its bundle, table entry, class settings,
 * architecture, runtime, environment, and its role's grants. Called by stacks.test.ts after it synthesized them.
 */
export function describeFunctionsAndIam(): void {
  describe("every function", () => {
    it("runs the shared bundles, which are what sst deploy builds: the auth proxy bundled by SST itself is the same file", () => {
      const sample = sampleBundle();
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
        expect(granted.filter((g) => /^sqs:(ReceiveMessage|DeleteMessage|ChangeMessageVisibility)/.test(g))).toEqual(
          [],
        );
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
}
