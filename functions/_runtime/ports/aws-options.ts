import type { AwsCredentialSource } from "@core/adapters/aws/signed-fetch";
import type { Env } from "../env";

/**
 * Region and, for an emulator such as LocalStack, the endpoint: `serviceEndpoint` (a service's own setting, as the
 * AWS SDKs' `AWS_ENDPOINT_URL_<SERVICE>`) when set, else the one every AWS client of a process uses.
 */
export const awsClientOptions = (env: Env, serviceEndpoint?: string) => {
  const endpoint = serviceEndpoint ?? env.AWS_ENDPOINT_URL;
  return { region: env.AWS_REGION, ...(endpoint ? { endpoint } : {}) };
};

/**
 * The credentials Lambda gives a function's role, from its environment; elsewhere `fallback` (the local
 * runtime and scripts pass the AWS SDK's provider chain: profiles, SSO, containers; docs/deployment.md).
 */
export function awsCredentials(env: Env, fallback?: AwsCredentialSource): AwsCredentialSource {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    return {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
  }
  if (fallback) return fallback;
  throw new Error(
    "Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set (Lambda sets them for the function's role)",
  );
}
