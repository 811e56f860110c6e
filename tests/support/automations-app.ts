import { lambdaContext } from "@functions/local/lambda-context";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startTestApp, type TestApp } from "./local-app";
import { type Receiver, startReceiver } from "./receiver";

/**
 * The automations suites' service and receiver (docs/automations.md): a loopback receiver that verifies and answers
 * as told, the service with a short outbound time limit and a clock the test moves (`t.now`), and the relay, the
 * deliveries and the AWS consumer driven by hand. Every test starts with no automation and an empty outbox. Call at
 * the top of a `describe` (it registers hooks); `app` and `hook` are set before the first test.
 */
export function automationsApp() {
  const t = {
    app: undefined as unknown as TestApp,
    hook: undefined as unknown as Receiver,
    now: Date.UTC(2026, 10, 25, 12, 0, 0),
    relay: async () => {
      await t.app.trigger("relay-outbox");
    },
    /** What the background does after an ingest delivery locally: the relay, then the deliveries it recorded. */
    relayAndDeliver: async () => {
      await t.relay();
      await t.app.trigger("deliver-automations");
    },
    saveWebhook: async (body: Record<string, unknown>) => {
      const res = await t.app.call("POST", "/v1/automations", {
        body: { action: "webhook", target: `${t.hook.url}/hook`, ...body },
      });
      expect(res.status).toBe(201);
      return res.body;
    },
    savePrompt: async (body: Record<string, unknown>) =>
      expect((await t.app.call("POST", "/v1/prompts", { body })).status).toBe(201),
    deliveriesOf: async (id: string) => (await t.app.call("GET", `/v1/automations/${id}/deliveries`)).body.data,
    /**
     * The automations consumer as EventBridge invokes it on AWS: one event, its envelope as `detail`, with the
     * Lambda context of its function's time limit (30 s unless `timeoutSeconds`).
     */
    invokeLambda: async (type: string, detail: unknown, timeoutSeconds = 30) => {
      const { handler } = await import("@functions/events/deliver-automations");
      return handler(
        {
          version: "0",
          id: "e",
          "detail-type": type,
          source: "sightline",
          account: "1",
          time: "",
          region: "us-east-1",
          resources: [],
          detail,
        } as never,
        lambdaContext("automations", timeoutSeconds),
      );
    },
  };
  beforeAll(async () => {
    t.hook = await startReceiver();
    t.app = await startTestApp({ SIGHTLINE_OUTBOUND_TIMEOUT_MS: "300" });
    t.app.deps.clock = { now: () => new Date(t.now) };
  });
  afterAll(async () => {
    await t.app?.close();
    await t.hook?.close();
  });
  beforeEach(async () => {
    for (const a of (await t.app.call("GET", "/v1/automations")).body.data)
      await t.app.call("DELETE", `/v1/automations/${a.id}`);
    await t.relay();
    t.hook.received.length = 0;
    t.hook.fallback = { status: 200 };
  });
  return t;
}
