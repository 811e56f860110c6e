import { RemovalPolicy, SecretValue } from "aws-cdk-lib";
import { BlockPublicAccess, BucketEncryption, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Bucket, EventBus, type StackContext } from "sst/constructs";

/** The keys the operator fills after the first deploy (docs/deployment.md). */
export const SECRET_KEYS = [
  "DATABASE_URL",
  "SIGHTLINE_CLICKHOUSE_URL",
  "SIGHTLINE_CLICKHOUSE_USER",
  "SIGHTLINE_CLICKHOUSE_PASSWORD",
  "SIGHTLINE_CLICKHOUSE_DATABASE",
  "SIGHTLINE_KEY_RING",
  // The first ADMIN key: the deploy-time migration makes sure it exists (functions/deploy/migrate.ts).
  "SIGHTLINE_INIT_PUBLIC_KEY",
  "SIGHTLINE_INIT_SECRET_KEY",
] as const;

export const secretName = (stage: string) => `sightline/${stage}/secrets`;

/** Raw ingest batches and offloaded payloads, the connection settings of the stage, and the event bus. */
export function Storage({ stack, app }: StackContext) {
  const bucket = new Bucket(stack, "Blobs", {
    // Only our functions touch it, never a browser.
    cors: false,
    cdk: {
      bucket: {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        encryption: BucketEncryption.S3_MANAGED,
        objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      },
    },
  });

  // Empty placeholders: CloudFormation rewrites the value only when this template changes,
  // so what the operator puts later survives deploys. Changing the key list here would
  // overwrite it; add new keys by hand instead. Retained so credentials outlive `sst remove`.
  const secret = new Secret(stack, "Secrets", {
    secretName: secretName(app.stage),
    description: "Sightline connection settings (JSON); fill after the first deploy",
    secretObjectValue: Object.fromEntries(SECRET_KEYS.map((key) => [key, SecretValue.unsafePlainText("")])),
    removalPolicy: RemovalPolicy.RETAIN,
  });

  // Outbox events travel on it to their consumers; the rules live with the consumers (stacks/events.ts).
  const bus = new EventBus(stack, "Events");

  stack.addOutputs({ BucketName: bucket.bucketName, SecretArn: secret.secretArn, EventBusName: bus.eventBusName });
  return { bucket: bucket.cdk.bucket, secret, bus };
}
