import { isBuiltin, register } from "node:module";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from "@aws-sdk/client-sqs";

/** fauxqs accepts any credentials; these keep the SDK away from the machine's provider chain. */
export const FAKE_CREDENTIALS = { accessKeyId: "test", secretAccessKey: "test" };
export const REGION = "us-east-1";

export interface Fauxqs {
  endpoint: string;
  s3: S3Client;
  sqs: SQSClient;
  stop(): Promise<void>;
}

/**
 * fauxqs imports `node:sqlite` (Node >= 22.5) at load time but only uses it for
 * its optional on-disk persistence, which we never enable. On Node 20 a resolve
 * hook stands in a stub that throws if it is ever used.
 */
const SQLITE_STUB_HOOK = `export async function resolve(specifier, context, next) {
  if (specifier === "node:sqlite") return { shortCircuit: true, url: "data:text/javascript,export class DatabaseSync { constructor() { throw new Error('node:sqlite needs Node 22.5+'); } }" };
  return next(specifier, context);
}`;

async function loadFauxqs(): Promise<typeof import("fauxqs")> {
  if (!isBuiltin("node:sqlite")) register(`data:text/javascript,${encodeURIComponent(SQLITE_STUB_HOOK)}`);
  // Imported only now, after the hook: a static import would load before it.
  return import("fauxqs");
}

/**
 * Starts an in-memory fauxqs (S3 + SQS) on a free port for one test file. fauxqs
 * always listens on 0.0.0.0; clients still talk to it over loopback.
 */
export async function startEmulator(): Promise<Fauxqs> {
  // Port 0 lets the OS pick a free port without a probe-then-bind race.
  const { startFauxqs } = await loadFauxqs();
  const server = await startFauxqs({ port: 0, logger: false });
  const endpoint = `http://127.0.0.1:${server.port}`;
  const common = { region: REGION, endpoint, credentials: FAKE_CREDENTIALS };
  const s3 = new S3Client({ ...common, forcePathStyle: true });
  const sqs = new SQSClient(common);
  return {
    endpoint,
    s3,
    sqs,
    async stop() {
      s3.destroy();
      sqs.destroy();
      await server.stop();
    },
  };
}

export async function createBucket(emulator: Fauxqs, name: string): Promise<string> {
  await emulator.s3.send(new CreateBucketCommand({ Bucket: name }));
  return name;
}

/** A main queue whose RedrivePolicy moves a message to its own DLQ after `maxReceiveCount` receives. */
export async function createQueuePair(emulator: Fauxqs, name: string, maxReceiveCount: number) {
  const dlq = await emulator.sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const dlqUrl = dlq.QueueUrl as string;
  const attrs = await emulator.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ["QueueArn"] }),
  );
  const redrivePolicy = JSON.stringify({ deadLetterTargetArn: attrs.Attributes?.QueueArn, maxReceiveCount });
  const main = await emulator.sqs.send(
    new CreateQueueCommand({ QueueName: name, Attributes: { RedrivePolicy: redrivePolicy } }),
  );
  return { queueUrl: main.QueueUrl as string, dlqUrl };
}
