/** A Langfuse SDK call's error as the SDK sees it: the status and the body it parsed (docs/langfuse.md, "Errors"). */
export async function failure(call: Promise<unknown>): Promise<{ statusCode: number; body: any }> {
  try {
    await call;
  } catch (e) {
    const err = e as { statusCode: number; body: any };
    return { statusCode: err.statusCode, body: err.body };
  }
  throw new Error("expected the call to fail");
}
