/**
 * The code and message of an error answer in either body the API speaks: ours, `{error: {code, message}}`, or
 * Langfuse's on `/api/public/...`, `{message, error: "<Langfuse's name>", code}` (docs/langfuse.md, "Errors").
 */
export function errorOf(body: any): { code: string; message: string } | undefined {
  if (typeof body?.error === "string")
    return typeof body.code === "string" && typeof body.message === "string"
      ? { code: body.code, message: body.message }
      : undefined;
  return body?.error;
}
