import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { type AcceptDeps, acceptEvents } from "./accept-batch";
import type { ScoreBody } from "./ingest.schema";
import { type EventProblem, messageOf } from "./validate-events";

/** A refused score in this endpoint's words: a body problem names `body`, as any request body's would. */
const messageFor = (problem: EventProblem) =>
  problem.kind === "bad_body" ? `Invalid body: ${problem.issue}` : messageOf(problem);

/**
 * `POST /v1/scores`: one score (source API, e.g. user feedback) sent down the ingest path as a `score-create`
 * event, so it is stored, sampled and delivered like any other (docs/scores.md). A score that breaks a rule or
 * misfits its config is a 400 here rather than an entry of a 207. The ingest path checks the body again, so a
 * caller that translates another format (Langfuse's) gets the same rules and messages.
 */
export async function submitScore(deps: AcceptDeps, principal: Principal, body: ScoreBody): Promise<{ id: string }> {
  const id = body.id || deps.ids.uuid();
  const event = {
    id: deps.ids.uuid(),
    type: "score-create",
    timestamp: deps.clock.now().toISOString(),
    body: { ...body, id },
  };
  const { rejected } = await acceptEvents(deps, principal, { batch: [event], sdk: null });
  const [refused] = rejected;
  if (refused) throw invalid(messageFor(refused.problem));
  return { id };
}
