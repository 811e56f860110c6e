import { type AwsCredentialSource, signedFetch } from "./signed-fetch";

export interface SecretSource {
  region: string;
  credentials: AwsCredentialSource;
  /** A Secrets Manager-compatible endpoint (LocalStack, a fake); AWS when absent. */
  endpoint?: string;
}

/**
 * The current string value of a secret: Secrets Manager's GetSecretValue over its JSON 1.1 protocol, signed
 * with Signature V4 (signed-fetch.ts). Throws with the service's error type and message.
 */
export async function getSecretString(secretId: string, source: SecretSource): Promise<string> {
  const send = signedFetch("secretsmanager", source.region, source.credentials);
  const response = await send(source.endpoint ?? `https://secretsmanager.${source.region}.amazonaws.com/`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "secretsmanager.GetSecretValue" },
    body: JSON.stringify({ SecretId: secretId }),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    SecretString?: string;
    __type?: string;
    message?: string;
    Message?: string;
  };
  if (!response.ok) {
    const type = answer.__type?.split("#").pop() ?? "";
    throw new Error(
      `Secrets Manager GetSecretValue failed with ${response.status}${type ? ` ${type}` : ""}${(answer.message ?? answer.Message) ? `: ${answer.message ?? answer.Message}` : ""}`,
    );
  }
  return answer.SecretString ?? "{}";
}
