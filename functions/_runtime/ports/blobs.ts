import { S3BlobStore } from "@core/adapters/aws/s3-blob-store";
import type { AwsCredentialSource } from "@core/adapters/aws/signed-fetch";
import type { Env } from "../env";
import type { Port } from "../ports";
import { awsClientOptions, awsCredentials } from "./aws-options";

/** The S3 bucket of raw batches and offloaded payloads (`SIGHTLINE_BUCKET`, any S3 endpoint). */
export const openS3BlobStore = (env: Env, bucket: string, credentials: AwsCredentialSource = awsCredentials(env)) =>
  new S3BlobStore({ bucket, ...awsClientOptions(env), credentials, forcePathStyle: Boolean(env.AWS_ENDPOINT_URL) });

/** Raw ingest batches and offloaded payloads. */
export const blobs: Port<"blobs"> = {
  name: "blobs",
  open(env) {
    if (!env.SIGHTLINE_BUCKET) throw new Error("Invalid configuration: SIGHTLINE_BUCKET must be set");
    return openS3BlobStore(env, env.SIGHTLINE_BUCKET);
  },
};
