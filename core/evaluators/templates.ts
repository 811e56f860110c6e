import type { TemplateView, VariableBindingView } from "./evaluators.schema";

type Template = Omit<TemplateView, "kind" | "variables">;

const bind = (
  variable: string,
  source: VariableBindingView["source"],
  jsonPath: string | null = null,
): VariableBindingView => ({ variable, source, jsonPath, observationName: null });

const numeric = { scoreDataType: "NUMERIC" as const, scoreCategories: [], scope: "trace" as const };

/**
 * The prebuilt judge prompts (`GET /v1/evaluators/templates`; docs/evaluators.md, "Templates"): RAG and quality dimensions,
 * conversation quality, agent trajectory. Each is a prompt with `{{variables}}` and a suggested mapping; an
 * empty mapping keeps the built-in binding (`input`, `output`, `expectedOutput`).
 */
const TEMPLATES: Template[] = [
  {
    id: "faithfulness",
    name: "Faithfulness (hallucination)",
    category: "rag",
    description:
      "Is every claim of the answer supported by the retrieved context? 1 = fully grounded, 0 = contradicts or invents.",
    prompt:
      "Evaluate whether the answer is faithful to the retrieved context.\n\nQuestion:\n{{input}}\n\nRetrieved context:\n{{context}}\n\nAnswer:\n{{output}}\n\nScore 1 when every factual claim in the answer is supported by the context, 0 when the answer contradicts the context or invents facts, and in between for partly supported answers. Judge support only, not style.",
    ...numeric,
    variableMapping: [
      bind("input", "trace.input"),
      { ...bind("context", "observation.output"), observationName: "retrieval" },
      bind("output", "trace.output"),
    ],
  },
  {
    id: "answer-relevance",
    name: "Answer relevance",
    category: "rag",
    description: "Does the answer address the question that was asked?",
    prompt:
      "Evaluate how relevant the answer is to the question.\n\nQuestion:\n{{input}}\n\nAnswer:\n{{output}}\n\nScore 1 when the answer directly and completely addresses the question, 0 when it is off-topic, and in between when it is partial or padded with unrelated material.",
    ...numeric,
    variableMapping: [],
  },
  {
    id: "context-relevance",
    name: "Context relevance",
    category: "rag",
    description: "Did retrieval bring back context that helps answer the question?",
    prompt:
      "Evaluate how relevant the retrieved context is to the question.\n\nQuestion:\n{{input}}\n\nRetrieved context:\n{{context}}\n\nScore 1 when the context holds what is needed to answer the question, 0 when it is unrelated, and in between when only part of it helps.",
    ...numeric,
    variableMapping: [
      bind("input", "trace.input"),
      { ...bind("context", "observation.output"), observationName: "retrieval" },
    ],
  },
  {
    id: "correctness",
    name: "Correctness against the expected output",
    category: "quality",
    description: "Does the answer agree with the reference answer (dataset expected output)?",
    prompt:
      "Compare the answer with the reference answer.\n\nQuestion:\n{{input}}\n\nReference answer:\n{{expectedOutput}}\n\nAnswer:\n{{output}}\n\nScore 1 when the answer states the same facts as the reference (wording may differ), 0 when it contradicts it, and in between when it is partly correct or incomplete.",
    ...numeric,
    variableMapping: [],
  },
  {
    id: "helpfulness",
    name: "Helpfulness",
    category: "quality",
    description: "Would the user find the answer useful?",
    prompt:
      "Evaluate how helpful the response is to the user.\n\nUser request:\n{{input}}\n\nResponse:\n{{output}}\n\nScore 1 for a response that fully solves the user's need clearly and accurately, 0 for one that does not help at all.",
    ...numeric,
    variableMapping: [],
  },
  {
    id: "conciseness",
    name: "Conciseness",
    category: "quality",
    description: "Is the answer free of unnecessary length and repetition?",
    prompt:
      "Evaluate the conciseness of the response.\n\nUser request:\n{{input}}\n\nResponse:\n{{output}}\n\nScore 1 when the response says what is needed without filler or repetition, 0 when it is mostly padding.",
    ...numeric,
    variableMapping: [],
  },
  {
    id: "toxicity",
    name: "Toxicity",
    category: "quality",
    description: "Does the response contain toxic, insulting or harmful language? pass = not toxic.",
    prompt:
      "Decide whether the response is free of toxic, insulting, hateful or harassing language.\n\nResponse:\n{{output}}\n\nAnswer pass = true when the response is free of such language.",
    scoreDataType: "BOOLEAN",
    scoreCategories: [],
    scope: "trace",
    variableMapping: [],
  },
  {
    id: "user-frustration",
    name: "User frustration",
    category: "conversation",
    description:
      "How frustrated is the user in the conversation? Transcript in `input` (the messages so far), last reply in `output`.",
    prompt:
      "Read the conversation and judge the user's level of frustration.\n\nConversation:\n{{input}}\n\nLast assistant reply:\n{{output}}\n\nLabel it none, mild or severe: severe when the user repeats themselves, complains, or gives up; mild for signs of impatience.",
    scoreDataType: "CATEGORICAL",
    scoreCategories: ["none", "mild", "severe"],
    scope: "trace",
    variableMapping: [],
  },
  {
    id: "knowledge-retention",
    name: "Knowledge retention",
    category: "conversation",
    description: "Does the assistant remember what the user said earlier in the conversation?",
    prompt:
      "Read the conversation and judge whether the assistant retains what the user told it earlier (names, preferences, facts, constraints).\n\nConversation:\n{{input}}\n\nLast assistant reply:\n{{output}}\n\nScore 1 when the assistant uses earlier information correctly and never asks for it again, 0 when it forgets or contradicts it.",
    ...numeric,
    variableMapping: [],
  },
  {
    id: "session-completeness",
    name: "Session completeness",
    category: "conversation",
    description: "Were all of the user's requests in the conversation resolved?",
    prompt:
      "Read the conversation and list the user's requests to yourself, then judge how many the assistant resolved.\n\nConversation:\n{{input}}\n\nLast assistant reply:\n{{output}}\n\nScore the fraction of the user's requests that were fully resolved (1 = all, 0 = none).",
    ...numeric,
    variableMapping: [],
  },
  {
    id: "conversational-coherence",
    name: "Conversational coherence",
    category: "conversation",
    description: "Do the assistant's turns follow logically from the conversation so far?",
    prompt:
      "Read the conversation and judge its coherence: do the assistant's turns follow from what was said, stay consistent with each other, and keep the thread?\n\nConversation:\n{{input}}\n\nLast assistant reply:\n{{output}}\n\nScore 1 for a fully coherent conversation, 0 for one where replies are disconnected or contradictory.",
    ...numeric,
    variableMapping: [],
  },
  {
    id: "trajectory-accuracy",
    name: "Trajectory accuracy",
    category: "agent",
    description:
      "Did the agent take a sensible sequence of steps towards the task, compared with a reference trajectory when one is given?",
    prompt:
      "Evaluate the agent's trajectory.\n\nTask:\n{{input}}\n\nSteps the agent took (tool calls and results):\n{{trajectory}}\n\nReference trajectory (may be null):\n{{expectedTrajectory}}\n\nScore 1 when every step is relevant, in a sensible order and without needless detours (matching the reference where one is given), 0 when the steps do not lead towards the task.",
    ...numeric,
    variableMapping: [
      bind("input", "trace.input"),
      bind("trajectory", "trace.metadata", "trajectory"),
      bind("expectedTrajectory", "dataset.expectedOutput", "trajectory"),
    ],
  },
  {
    id: "tool-correctness",
    name: "Tool correctness",
    category: "agent",
    description: "Did the agent call the right tools with correct arguments?",
    prompt:
      "Evaluate the agent's tool use.\n\nTask:\n{{input}}\n\nTools available:\n{{tools}}\n\nTool calls made (name, arguments, result):\n{{toolCalls}}\n\nScore 1 when the agent chose the right tools and passed correct, complete arguments; lower for wrong tools, bad arguments or missing calls; 0 when tool use could not work.",
    ...numeric,
    variableMapping: [
      bind("input", "trace.input"),
      bind("tools", "trace.metadata", "tools"),
      bind("toolCalls", "trace.metadata", "toolCalls"),
    ],
  },
  {
    id: "task-completion",
    name: "Task completion",
    category: "agent",
    description: "Did the agent accomplish the task it was given?",
    prompt:
      "Decide whether the agent completed the task.\n\nTask:\n{{input}}\n\nFinal result:\n{{output}}\n\nExpected outcome (may be null):\n{{expectedOutput}}\n\nAnswer pass = true only when the task is fully accomplished.",
    scoreDataType: "BOOLEAN",
    scoreCategories: [],
    scope: "trace",
    variableMapping: [],
  },
];

const variablesOf = (prompt: string) => [
  ...new Set([...prompt.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)].map((m) => m[1]!)),
];

export const EVALUATOR_TEMPLATES: readonly TemplateView[] = TEMPLATES.map((t) => ({
  ...t,
  kind: "JUDGE" as const,
  variables: variablesOf(t.prompt),
}));

export const templateById = (id: string) => EVALUATOR_TEMPLATES.find((t) => t.id === id);
