import { randomUUID } from "node:crypto";
import { DeleteMessageCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { signatureHeaders } from "@core/platform/signatures";
import * as samlify from "samlify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPutEventsStandIn, startSesStandIn } from "../support/aws-stand-ins";
import { startDnsServer } from "../support/dns-server";
import type { TestApp } from "../support/local-app";
import { grant, mcpCall, registerClient, toolNames } from "../support/mcp-oauth";
import { startReceiver } from "../support/receiver";
import { IDP_CERT, samlIdp } from "../support/saml-idp";
import { Jar, magicLinkSignIn, person, sessionCall, signUp } from "../support/sessions";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { proveDomain } from "../support/sso-flows";
import { startApiGateway } from "./api-gateway";
import {
  type AwsShape,
  auth,
  bundledTasks,
  callRoute,
  INGEST_QUEUE_ARN,
  postgresAnswers,
  SIGN_IN_SECRET_ARN,
  startAwsShape,
} from "./aws-shape";
import { MIGRATE_HANDLER } from "./bundle";
import { apiGatewayEvent, sqsEvent } from "./events";

/*
 * The Lambda-fidelity suite's paths across functions (docs/deployment.md, "Offline checks"): sign-in through the
 * bundled auth proxy (SAML, magic links over SES, a missing auth secret), an MCP client's OAuth, and a webhook
 * delivered the AWS way, each through the bundles as Lambda runs them.
 */
const tasks = bundledTasks();

describe("the AWS shape across functions: sign-in, MCP's OAuth, webhooks", async () => {
  const pg = await postgresAnswers();
  if (!pg) console.warn("tests/lambda: no Postgres answers on 127.0.0.1:5432; these scenarios are skipped");

  let shape: AwsShape | undefined;
  let env: Record<string, string>;
  let emulator: AwsShape["emulator"];
  let queueUrl: string;
  const run = (handler: string, event: unknown) => tasks.run(handler, event, env);
  const api = (handler: string, method: string, path: string, body?: unknown) =>
    callRoute(run, handler, method, path, body);

  beforeAll(async () => {
    if (!pg) return;
    shape = await startAwsShape(tasks);
    ({ env, emulator, queueUrl } = shape);
    const migrated = await run(MIGRATE_HANDLER, { RequestType: "Create" });
    expect(migrated.result, migrated.output).toEqual({ migrated: true, initialKey: true });
  }, 120_000);
  afterAll(() => shape?.stop());

  /**
   * The API Gateway front with sign-in configured (the stage's secret with SIGHTLINE_AUTH_SECRET), `over` added to
   * every function's environment. The auth proxy names its own address (`SIGHTLINE_PUBLIC_URL`, the front's) in
   * links, the SP metadata and the ACS, and checks the Origin of POSTs by it.
   */
  async function signInGateway(over: Record<string, string> = {}) {
    let publicUrl = "";
    const gateway = await startApiGateway((handler, event) =>
      tasks.run(handler, event, {
        ...env,
        SIGHTLINE_SECRETS_ARN: SIGN_IN_SECRET_ARN,
        SIGHTLINE_PUBLIC_URL: publicUrl,
        ...over,
      }),
    );
    publicUrl = gateway.url;
    return gateway;
  }

  it.skipIf(!pg)(
    "answers sign-in with 503 and says what is missing when the stage's secret has no SIGHTLINE_AUTH_SECRET; keys still work",
    async () => {
      const signIn = await run(
        "functions/api/auth/proxy.handler",
        apiGatewayEvent("POST", "/v1/auth/sign-in/email", {
          headers: { "content-type": "application/json" },
          body: { email: "ada@example.com", password: "correct horse battery staple" },
        }),
      );
      const projects = await api("functions/api/projects/list-projects.handler", "GET", "/v1/projects");

      expect(signIn.error, signIn.output).toBeUndefined();
      expect(signIn.result.statusCode).toBe(503);
      expect(JSON.parse(signIn.result.body)).toEqual({
        error: {
          code: "unavailable",
          message: "Sign-in is not configured: set SIGHTLINE_AUTH_SECRET (on AWS in the stage's secret)",
        },
      });
      expect(projects.status).toBe(200);
    },
  );

  it.skipIf(!pg)(
    "signs a person in with SAML through the bundled auth proxy: SP metadata, sign-in/sso, the signed response posted to the ACS",
    async () => {
      const dns = await startDnsServer();
      const gateway = await signInGateway({ SIGHTLINE_DNS_SERVERS: dns.address });
      try {
        const app = { url: gateway.url } as TestApp;
        // SSO waits for the installation's first person, who signs up with email and password.
        await person(app, `owner-${Math.random().toString(36).slice(2, 8)}@example.com`);
        const withKey = (method: string, path: string, body?: unknown) =>
          sessionCall(app, null, method, path, { ...(body ? { body } : {}), headers: auth });
        const domain = `fidelity-${Math.random().toString(36).slice(2, 8)}.example`;
        const email = `ada@${domain}`;
        // The IdP side runs in this process, where nothing else sets samlify's schema validator (the service's check
        // runs in the bundle).
        samlify.setSchemaValidator({ validate: async () => "skipped" });
        const idp = samlIdp();
        const created = await withKey("POST", "/v1/sso-providers", {
          type: "saml",
          domain,
          entryPoint: idp.entryPoint,
          cert: IDP_CERT,
          entityId: idp.entityId,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        await proveDomain(app, dns, created.body, (path) => withKey("POST", path));

        // A browser's SP-initiated sign-in for `email`, the IdP vouching for `asserted`.
        const samlSignIn = async (email: string, asserted = email) => {
          const jar = new Jar();
          const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", {
            body: { email, callbackURL: "/" },
          });
          expect(start.status, JSON.stringify(start.body)).toBe(200);
          const metadata = await sessionCall(app, null, "GET", created.body.metadataPath);
          expect(metadata.status, JSON.stringify(metadata.body)).toBe(200);
          const answer = await idp.answer(start.body.url, metadata.body, asserted);
          const acs = new URL(answer.acs);
          const posted = await sessionCall(app, jar, "POST", `${acs.pathname}${acs.search}`, {
            body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }).toString(),
            headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
          });
          return { start, answer, posted, me: await sessionCall(app, jar, "GET", "/v1/me") };
        };
        const { start, answer, posted, me } = await samlSignIn(email);
        // Who must not get in: the IdP answering for an address outside the provider's domain.
        const outsider = `mallory-${Math.random().toString(36).slice(2, 6)}@elsewhere.example`;
        const refused = await samlSignIn(`mallory@${domain}`, outsider);

        expect(start.body.url).toContain(`${idp.entryPoint}?SAMLRequest=`);
        expect(answer.acs).toBe(`${gateway.url}${created.body.acsPath}`);
        expect(posted.status, JSON.stringify(posted.body)).toBe(302);
        expect(me.status).toBe(200);
        expect(me.body.user.email).toBe(email);
        expect(refused.posted.status).toBe(403);
        expect(refused.posted.body.error).toMatchObject({
          code: "forbidden",
          message: `The identity provider for ${domain} answered for ${outsider}, outside its domain`,
        });
        // No cookie is given, only taken back (the relay state's).
        expect(refused.posted.headers.getSetCookie().filter((c) => !/Max-Age=0/.test(c))).toEqual([]);
        expect(refused.me.status).toBe(401);
        // SAML ran in the auth proxy's own bundle, where samlify loads on first use (stacks/bundle-trims.ts).
        expect(gateway.calls).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^POST \/v1\/auth\/sso\/saml2\/[^ ]+ → functions\/api\/auth\/proxy/),
          ]),
        );
      } finally {
        await gateway.stop();
        await dns.close();
      }
    },
    180_000,
  );

  it.skipIf(!pg)(
    "registers a passkey and signs in with it through the bundled auth proxy, where SimpleWebAuthn loads on first use",
    async () => {
      const gateway = await signInGateway();
      try {
        const app = { url: gateway.url } as TestApp;
        const who = await person(app, `passkey-${Math.random().toString(36).slice(2, 8)}@example.com`);
        // The relying party is the front's host, as the auth proxy names it from SIGHTLINE_PUBLIC_URL.
        const authenticator = new SoftwareAuthenticator(new URL(gateway.url).hostname, new URL(gateway.url).origin);
        const creation = await sessionCall(app, who.jar, "GET", "/v1/auth/passkey/generate-register-options");
        const registered = await sessionCall(app, who.jar, "POST", "/v1/auth/passkey/verify-registration", {
          body: { response: authenticator.register(creation.body), name: "laptop" },
        });
        const signIn = async (forge: boolean) => {
          const jar = new Jar();
          const request = await sessionCall(app, jar, "GET", "/v1/auth/passkey/generate-authenticate-options");
          const answer = await sessionCall(app, jar, "POST", "/v1/auth/passkey/verify-authentication", {
            body: { response: authenticator.authenticate(request.body, { forge }) },
          });
          return { answer, me: await sessionCall(app, jar, "GET", "/v1/me") };
        };
        const signedIn = await signIn(false);
        const forged = await signIn(true);

        expect(creation.status, JSON.stringify(creation.body)).toBe(200);
        expect(registered.status, JSON.stringify(registered.body)).toBe(200);
        expect(signedIn.answer.status, JSON.stringify(signedIn.answer.body)).toBe(200);
        expect(signedIn.me.status).toBe(200);
        expect(signedIn.me.body.user.email).toBe(who.email);
        expect(forged.answer.status).toBe(401);
        expect(forged.me.status).toBe(401);
        expect(gateway.calls).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^POST \/v1\/auth\/passkey\/verify-authentication → functions\/api\/auth\/proxy/),
          ]),
        );
      } finally {
        await gateway.stop();
      }
    },
    180_000,
  );

  it.skipIf(!pg)(
    "lets an MCP client in with OAuth across bundles: registered, authorized and given a token by the auth proxy, let into /v1/mcp by its own function",
    async () => {
      const gateway = await signInGateway();
      try {
        const app = { url: gateway.url } as TestApp;
        const who = await person(app, `mcp-${Math.random().toString(36).slice(2, 8)}@example.com`);

        const clientId = await registerClient(app, "fidelity MCP client");
        const tokens = await grant(app, who.jar, clientId, { scope: "sightline:read" });
        const tools = await toolNames(app, tokens.access_token);
        const refused = await mcpCall(app, "not-a-token", "tools/list");

        expect(tokens.scope).toBe("sightline:read");
        expect(tools).toEqual(expect.arrayContaining(["list_traces", "get_trace", "list_prompts"]));
        expect(refused.status).toBe(401);
        expect(gateway.calls).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^POST \/v1\/auth\/oauth2\/token → functions\/api\/auth\/proxy/),
            expect.stringMatching(/^POST \/v1\/mcp → functions\/api\/mcp\/post-message/),
          ]),
        );
      } finally {
        await gateway.stop();
      }
    },
    180_000,
  );

  it.skipIf(!pg)(
    "mails through SES from the bundled auth proxy: a sign-up's confirmation, then a magic link that signs the person in",
    async () => {
      const ses = await startSesStandIn();
      // The auth function's only AWS client is SES: its endpoint is the stand-in's.
      const gateway = await signInGateway({ SIGHTLINE_MAIL_FROM: "sightline@example.com", AWS_ENDPOINT_URL: ses.url });
      try {
        const app = { url: gateway.url, mail: ses.mail } as TestApp;
        const email = `grace-${Math.random().toString(36).slice(2, 8)}@example.com`;

        const { answer: signedUp } = await signUp(app, email);
        const { jar, answer: opened } = await magicLinkSignIn(app, email);
        const me = await sessionCall(app, jar, "GET", "/v1/me");

        expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
        expect(ses.mail.map((m) => [m.to, m.subject])).toEqual([
          [email, "Confirm your email for Sightline"],
          [email, expect.stringMatching(/sign-in link/)],
        ]);
        // SES v2's SendEmail, signed for the ses service, from the configured sender.
        expect(ses.requests).toEqual([
          expect.objectContaining({ path: "/v2/email/outbound-emails", service: "ses", from: "sightline@example.com" }),
          expect.objectContaining({ path: "/v2/email/outbound-emails", service: "ses", from: "sightline@example.com" }),
        ]);
        expect(opened.status).toBe(302);
        expect(me.status).toBe(200);
        expect(me.body.user).toMatchObject({ email, emailVerified: true });
      } finally {
        await gateway.stop();
        await ses.stop();
      }
    },
    180_000,
  );

  it.skipIf(!pg)(
    "delivers a trace.created webhook the AWS way: the ingest worker records it and puts deliveries.due on EventBridge, the automations function attempts it",
    async () => {
      const events = await startPutEventsStandIn();
      const hook = await startReceiver();
      // Loopback webhooks are private addresses; EventBridge is the stand-in, S3 and SQS the emulator.
      const hookEnv = { ...env, SIGHTLINE_ALLOW_PRIVATE_URLS: "true", AWS_ENDPOINT_URL_EVENTBRIDGE: events.url };
      const call = (handler: string, event: unknown) => tasks.run(handler, event, hookEnv);
      try {
        const made = await call(
          "functions/api/automations/create-automation.handler",
          apiGatewayEvent("POST", "/v1/automations", {
            headers: auth,
            body: { name: "fidelity-hook", trigger: "trace.created", action: "webhook", target: hook.url },
          }),
        );
        expect(made.result?.statusCode, made.output).toBe(201);
        const secret = JSON.parse(made.result.body).secret as string;
        const traceId = `hooked-${Date.now()}`;
        const accepted = await call(
          "functions/api/ingest/ingest-batch.handler",
          apiGatewayEvent("POST", "/v1/ingest", {
            headers: auth,
            body: {
              batch: [
                {
                  id: "h1",
                  type: "trace-create",
                  timestamp: new Date().toISOString(),
                  body: { id: traceId, name: "hooked" },
                },
              ],
            },
          }),
        );
        expect(accepted.result?.statusCode, accepted.output).toBe(207);
        const received = await emulator.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            MessageSystemAttributeNames: ["All"],
          }),
        );
        const worked = await call(
          "functions/workers/ingest.handler",
          sqsEvent(INGEST_QUEUE_ARN, received.Messages ?? []),
        );
        expect(worked.result, worked.output).toEqual({ batchItemFailures: [] });
        for (const m of received.Messages ?? [])
          await emulator.sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));

        // The worker recorded the delivery with the trace and said so on the bus, once for the project.
        const due = events.entries.filter((e) => e.DetailType === "deliveries.due");
        expect(due).toHaveLength(1);
        expect(due[0]).toMatchObject({ EventBusName: "sightline-test-events" });
        expect(hook.received).toEqual([]);
        // EventBridge's rule invokes the automations function with the entry.
        const delivered = await call("functions/events/deliver-automations.handler", {
          version: "0",
          id: randomUUID(),
          "detail-type": due[0]!.DetailType,
          source: due[0]!.Source,
          account: "123456789012",
          time: new Date().toISOString(),
          region: "us-east-1",
          resources: [],
          detail: JSON.parse(due[0]!.Detail),
        });
        expect(delivered.error, delivered.output).toBeUndefined();

        expect(hook.received).toHaveLength(1);
        const envelope = JSON.parse(hook.received[0]!.body);
        expect(envelope).toMatchObject({ type: "trace.created", data: expect.objectContaining({ id: traceId }) });
        // Signed with the automation's secret, as every delivery is (docs/automations.md).
        const timestamp = Number(hook.received[0]!.headers["x-service-timestamp"]);
        expect(hook.received[0]!.headers["x-service-signature"]).toBe(
          signatureHeaders(secret, hook.received[0]!.body, new Date(timestamp * 1000))["X-Service-Signature"],
        );
      } finally {
        await hook.close();
        await events.stop();
      }
    },
  );
});
