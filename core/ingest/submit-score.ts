import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { acceptBatch } from "./accept-batch";

/**
 * `POST /v1/scores`: one score (source API, e.g. user feedback) sent down the ingest path as a `score-create`
 * event, so it is stored, sampled and delivered like any other (docs/scores.md). A score that breaks a rule or
 * misfits its config is a 400 here rather than an entry of a 207.
 */
export async function submitScore(
  deps: Parameters<typeof acceptBatch>[0],
  principal: Principal,
  body: Record<string, unknown>,
): Promise<{ id: string }> {
  const id = typeof body.id === "string" && body.id ? body.id : deps.ids.uuid();
  const event = {
    id: deps.ids.uuid(),
    type: "score-create",
    timestamp: deps.clock.now().toISOString(),
    body: { ...body, id },
  };
  const answer = await acceptBatch(deps, principal, { batch: [event], sdk: null });
  const [error] = answer.errors;
  if (error) throw invalid(error.message.replace(/^Invalid score-create body: /, "Invalid body: "));
  return { id };
}
