import type { EvaluatorDefinition, VariableBindingView } from "./evaluators.schema";

/** What an evaluation looks at: the trace, optionally one of its observations, and the expected output. */
export interface EvaluationTarget {
  traceId: string;
  /** The observation scored, or null for the trace. */
  observationId: string | null;
  trace: { input: unknown; output: unknown; metadata: unknown };
  /** The scored observation's bodies, when `observationId` is set. */
  observation: { input: unknown; output: unknown; metadata: unknown } | null;
  /** Observations of the trace by start time, for `observationName` lookups. */
  observations: readonly { name: string | null; input: unknown; output: unknown; metadata: unknown }[];
  /** The expected output: the dataset item's in an experiment, else the run request's. */
  expectedOutput: unknown;
  /** The dataset item an experiment binds to `dataset.*`; null outside experiments. */
  dataset: DatasetBinding | null;
  /** Thread scope: the session and its turns in time order; the scored entity's input is the turns. */
  thread: { sessionId: string; turns: readonly { traceId: string; input: unknown; output: unknown }[] } | null;
}

export interface DatasetBinding {
  input: unknown;
  expectedOutput: unknown;
  metadata: unknown;
}

const REFUSED = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Follows a dotted path (numeric segments index arrays, a leading `$.` is ignored). A string that holds a JSON
 * object or array is parsed on the way, since model outputs often arrive as JSON text. Anything missing is null.
 */
export function followPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.replace(/^\$\.?/, "").split(".")) {
    if (segment === "" || REFUSED.has(segment)) return null;
    if (typeof current === "string") {
      const text = current.trim();
      if (!text.startsWith("{") && !text.startsWith("[")) return null;
      try {
        current = JSON.parse(text);
      } catch {
        return null;
      }
    }
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return null;
      current = current[Number(segment)];
    } else if (current !== null && typeof current === "object") {
      if (!Object.hasOwn(current, segment)) return null;
      current = (current as Record<string, unknown>)[segment];
    } else return null;
    if (current === undefined) return null;
  }
  return current ?? null;
}

/** The value one binding selects; unresolvable (no such observation, missing path, dataset data absent) is null, never an error. */
export function resolveBinding(target: EvaluationTarget, binding: VariableBindingView): unknown {
  const [origin, field] = binding.source.split(".") as ["trace" | "observation" | "dataset", string];
  let value: unknown;
  if (origin === "trace") value = target.trace[field as "input"];
  else if (origin === "observation") {
    const observation =
      binding.observationName !== null
        ? target.observations.find((o) => o.name === binding.observationName)
        : target.observation;
    value = observation ? observation[field as "input"] : null;
  } else
    value =
      field === "expectedOutput"
        ? target.expectedOutput
        : target.dataset
          ? target.dataset[field as "input" | "metadata"]
          : null;
  value ??= null;
  return binding.jsonPath === null ? value : followPath(value, binding.jsonPath);
}

/**
 * The scored entity's own input, output and metadata: the observation's when one is scored; for a thread, the
 * turns as input and the last turn's output (docs/evaluators.md, "Thread scope").
 */
const own = (target: EvaluationTarget) =>
  target.thread
    ? {
        input: target.thread.turns.map(({ input, output }) => ({ input, output })),
        output: target.thread.turns.at(-1)?.output ?? null,
        metadata: target.trace.metadata,
      }
    : (target.observation ?? target.trace);

/**
 * The judge's variables (docs/evaluators.md, "Variable mapping"): exactly the mapped ones, or with an empty mapping the built-in
 * binding `input`, `output`, `expectedOutput`.
 */
export function judgeVariables(definition: EvaluatorDefinition, target: EvaluationTarget): Record<string, unknown> {
  if (definition.variableMapping.length === 0) {
    return {
      input: own(target).input ?? null,
      output: own(target).output ?? null,
      expectedOutput: target.expectedOutput ?? null,
    };
  }
  return Object.fromEntries(definition.variableMapping.map((b) => [b.variable, resolveBinding(target, b)]));
}

/** A code evaluator's variables: `input`, `output`, `expected`, `metadata`, plus the mapped ones. */
export function codeVariables(definition: EvaluatorDefinition, target: EvaluationTarget): Record<string, unknown> {
  const mapped = Object.fromEntries(definition.variableMapping.map((b) => [b.variable, resolveBinding(target, b)]));
  const entity = own(target);
  return {
    ...mapped,
    input: entity.input ?? null,
    output: entity.output ?? null,
    expected: target.expectedOutput ?? null,
    metadata: entity.metadata ?? null,
  };
}
