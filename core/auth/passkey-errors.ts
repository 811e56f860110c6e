/**
 * The passkey plugin answers 500 when SimpleWebAuthn rejects a registration (wrong origin, challenge or relying
 * party): that is the client's bad input, so it becomes 400 with the plugin's own code (docs/auth.md, "Passkeys").
 * Done on the Response because better-auth's after hooks could not replace the plugin's error.
 */
export async function passkeyRegistrationErrors(request: Request, response: Response): Promise<Response> {
  if (response.status !== 500 || !new URL(request.url).pathname.endsWith("/passkey/verify-registration"))
    return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== "FAILED_TO_VERIFY_REGISTRATION") return response;
  return new Response(JSON.stringify(body), { status: 400, headers: response.headers });
}
