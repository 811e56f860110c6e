import * as Datasets from "../datasets";
import * as Evaluators from "../evaluators";
import * as Ingest from "../ingest";
import * as Prompts from "../prompts";
import * as Reviews from "../reviews";
import { tool } from "./tool";

/** The tools that write: MEMBER, like their endpoints. */
export const WRITE_TOOLS = [
  tool({
    name: "save_prompt",
    description:
      "Save the next immutable version of a prompt (type TEXT with a string `content`, or CHAT with a message array); `latest` and the given labels move to it.",
    role: "MEMBER",
    endpoint: "POST /v1/prompts",
    input: Prompts.SavePromptBody,
    run: (deps, principal, input) => Prompts.savePrompt(deps, principal, input),
  }),
  tool({
    name: "set_prompt_label",
    description: "Point a label (channel, such as production or staging) of a prompt at one of its versions.",
    role: "MEMBER",
    endpoint: "POST /v1/prompts/{name}/labels",
    input: Prompts.SetLabelBody.extend(Prompts.PromptPath.shape),
    run: (deps, principal, { name, ...body }) => Prompts.setLabel(deps, principal, name, body),
  }),
  tool({
    name: "add_dataset_items",
    description: `Add items ({id?, input, expectedOutput?, metadata?}, at most ${Datasets.MAX_ITEMS_PER_REQUEST}) to a dataset; invalid items are reported one by one with index, field and message while the others are added.`,
    role: "MEMBER",
    endpoint: "POST /v1/datasets/{name}/items",
    input: Datasets.InsertItemsBody.extend(Datasets.DatasetPath.shape),
    run: (deps, principal, { name, items }) => Datasets.insertItems(deps, principal.projectId, name, items),
  }),
  tool({
    name: "add_trace_to_dataset",
    description:
      "Add a dataset item copied from a trace (or, with observationId, one of its observations): its input, its output as expectedOutput and its metadata, unless given here; the item keeps the source ids. An unknown trace or observation is not_found; an item failing the dataset's item schema is refused with field and message; a source already copied is a conflict naming the item (pass its id to replace it).",
    role: "MEMBER",
    endpoint: "POST /v1/datasets/{name}/items/from-trace",
    input: Datasets.FromTraceBody.extend(Datasets.DatasetPath.shape),
    run: (deps, principal, { name, ...body }) => Datasets.addItemFromTrace(deps, principal, name, body),
  }),
  tool({
    name: "create_score",
    description:
      "Record a score (source API) on a trace, an observation or a session: NUMERIC value, BOOLEAN (0, 1, true, false) or a CATEGORICAL label; a score that misfits its score config is refused.",
    role: "MEMBER",
    endpoint: "POST /v1/scores",
    input: Ingest.ScoreBody,
    run: (deps, principal, input) => Ingest.submitScore(deps, principal, input),
  }),
  tool({
    name: "run_evaluator",
    description:
      "Run an evaluator (by name) on a trace or one of its observations; writes a score with source EVAL (a re-run overwrites it) and answers it, with the judge's reasoning in `comment`.",
    role: "MEMBER",
    endpoint: "POST /v1/evaluators/{name}/run",
    input: Evaluators.RunEvaluatorBody.extend(Evaluators.EvaluatorPath.shape),
    run: (deps, principal, { name, ...body }) => Evaluators.runEvaluator(deps, principal, name, body),
  }),
  tool({
    name: "submit_review",
    description:
      "Review an item of a review queue: writes an ANNOTATION score with the queue's score name and type and marks the item done. `value` is a number, a label or 0/1/true/false, as the queue says.",
    role: "MEMBER",
    endpoint: "POST /v1/review-queues/{queue}/items/{itemId}/score",
    input: Reviews.SubmitReviewBody.extend(Reviews.ItemPath.shape),
    run: (deps, principal, { queue, itemId, ...body }) => Reviews.submitReview(deps, principal, queue, itemId, body),
  }),
];
