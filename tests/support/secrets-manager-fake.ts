import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Secrets Manager's GetSecretValue over its real wire protocol (JSON 1.1, `X-Amz-Target`), for the stage
 * secret the functions read at cold start. Other actions answer as the service does to an unknown operation.
 */
export async function startSecretsManagerFake(
  secrets: Record<string, Record<string, string>>,
): Promise<{ endpoint: string; reads: string[]; stop(): Promise<void> }> {
  const reads: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers["x-amz-target"] ?? "");
    // The service refuses an unsigned request, or one signed for another service: so does the fake (the signature itself is not recomputed).
    const auth = String(req.headers.authorization ?? "");
    if (
      !/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/secretsmanager\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(
        auth,
      )
    ) {
      return res
        .writeHead(400, { "content-type": "application/x-amz-json-1.1" })
        .end(
          JSON.stringify({ __type: "MissingAuthenticationTokenException", message: "Missing Authentication Token" }),
        );
    }
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/x-amz-json-1.1" }).end(JSON.stringify(body));
    if (target !== "secretsmanager.GetSecretValue")
      return reply(400, { __type: "UnknownOperationException", message: `Unknown operation ${target}` });
    const { SecretId } = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { SecretId?: string };
    reads.push(String(SecretId));
    const value = SecretId ? secrets[SecretId] : undefined;
    if (!value)
      return reply(400, {
        __type: "ResourceNotFoundException",
        message: "Secrets Manager can't find the specified secret.",
      });
    reply(200, {
      ARN: SecretId,
      Name: SecretId!.split(":").pop(),
      VersionId: "v1",
      SecretString: JSON.stringify(value),
      VersionStages: ["AWSCURRENT"],
      CreatedDate: Date.now() / 1000,
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reads,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
