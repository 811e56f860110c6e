import type { Node } from "./ast";
import { BUILTINS } from "./builtins";
import { evaluationError, syntaxError } from "./errors";
import { EXPRESSION_LIMITS } from "./limits";
import { arithmetic, compare, condition, negate } from "./operators";
import { type ParseOptions, parse } from "./parser";
import { compileRegex, describeRegexProblem, type MatchBudget, RegexSyntaxError } from "./regex";
import { normalize, readMember } from "./values";

/** Per-evaluation state: the variables, the count of evaluated nodes and the matcher steps left. */
interface Context extends MatchBudget {
  vars: Record<string, unknown>;
  nodes: number;
}
type Evaluate = (ctx: Context) => unknown;

export interface CompiledExpression {
  readonly source: string;
  /** Root variable names the expression reads, for checking them against a variable mapping. */
  readonly variables: readonly string[];
  /**
   * The raw value of the expression for these variables (`input`, `output`, `expected`, `metadata` and any
   * mapped ones); a variable that is absent reads as null. Deterministic.
   * @throws invalid_input for an operand of the wrong type or a breached limit.
   */
  evaluate(vars: Record<string, unknown>): unknown;
}

export type CompileOptions = ParseOptions;

const NODE_LIMIT = EXPRESSION_LIMITS.evaluatedNodes;

function tick(ctx: Context) {
  if (++ctx.nodes > NODE_LIMIT)
    throw evaluationError(`Expression exceeded the limit of ${NODE_LIMIT} evaluated nodes`, {
      limit: "evaluatedNodes",
    });
}

/**
 * Parses and compiles an expression once; the result evaluates many times. Compiling to closures keeps the
 * per-evaluation cost to a few calls per node (see bench/expressions.ts).
 * @throws invalid_input naming the position (1-based; line and column too for multi-line sources) or the limit.
 */
export function compileExpression(source: string, options: CompileOptions = {}): CompiledExpression {
  const tree = parse(source, options);
  const variables = new Set<string>();

  // Recursion here is bounded by the parser's depth limit.
  function build(node: Node): Evaluate {
    switch (node.kind) {
      case "literal": {
        const value = node.value;
        return (ctx) => {
          tick(ctx);
          return value;
        };
      }
      case "variable": {
        const name = node.name;
        variables.add(name);
        return (ctx) => {
          tick(ctx);
          return Object.hasOwn(ctx.vars, name) ? normalize(ctx.vars[name]) : null;
        };
      }
      case "path": {
        const base = build(node.base);
        const steps = node.segments.map((s) =>
          "index" in s ? { index: build(s.index), start: s.start } : { key: s.key, start: s.start },
        );
        return (ctx) => {
          tick(ctx);
          let value = base(ctx);
          for (const step of steps) {
            // Like optional chaining: once a step reads null, the rest of the chain is null too.
            if (value === null) return null;
            tick(ctx);
            const key = step.index ? step.index(ctx) : step.key!;
            if (typeof key !== "string" && typeof key !== "number") {
              throw evaluationError(
                `An index must be a string or a number, got ${key === null ? "null" : typeof key} at position ${step.start + 1}`,
              );
            }
            value = readMember(value, key, step.start);
          }
          return value;
        };
      }
      case "unary": {
        const operand = build(node.operand);
        // Messages point at the offending operand, as they do for and/or.
        const start = node.operand.start;
        return node.op === "not"
          ? (ctx) => {
              tick(ctx);
              return !condition("Negation", operand(ctx), start);
            }
          : (ctx) => {
              tick(ctx);
              return negate(operand(ctx), start);
            };
      }
      case "arith": {
        const [first, ...rest] = node.operands.map(build);
        const ops = node.ops;
        return (ctx) => {
          tick(ctx);
          let value = first!(ctx);
          for (let i = 0; i < rest.length; i++) value = arithmetic(ops[i]!.op, value, rest[i]!(ctx), ops[i]!.start);
          return value;
        };
      }
      case "compare": {
        const [left, right, op, start] = [build(node.left), build(node.right), node.op, node.start];
        return (ctx) => {
          tick(ctx);
          return compare(op, left(ctx), right(ctx), start);
        };
      }
      case "logical": {
        const operands = node.operands.map((o) => ({ run: build(o), start: o.start }));
        const stopOn = node.op === "or";
        const what = `Operator "${node.op}"`;
        return (ctx) => {
          tick(ctx);
          for (const operand of operands)
            if (condition(what, operand.run(ctx), operand.start) === stopOn) return stopOn;
          return !stopOn;
        };
      }
      case "conditional": {
        const [test, then, otherwise, start] = [
          build(node.test),
          build(node.then),
          build(node.otherwise),
          node.test.start,
        ];
        return (ctx) => {
          tick(ctx);
          return condition("The condition of ?:", test(ctx), start) ? then(ctx) : otherwise(ctx);
        };
      }
      case "call":
        return buildCall(node);
      case "array": {
        const items = node.items.map(build);
        return (ctx) => {
          tick(ctx);
          return items.map((item) => item(ctx));
        };
      }
      case "object": {
        const entries = node.entries.map((e) => [e.key, build(e.value)] as const);
        // Object.fromEntries defines own properties, so no key can reach a prototype setter.
        return (ctx) => {
          tick(ctx);
          return Object.fromEntries(entries.map(([key, value]) => [key, value(ctx)]));
        };
      }
    }
  }

  function buildCall(node: Extract<Node, { kind: "call" }>): Evaluate {
    const fn = BUILTINS[node.name]!.fn;
    const args = node.args.map(build);
    const start = node.start;
    const pattern = node.args[1];
    // A literal pattern is checked at save, so a refused regex is a 400 there rather than a failed run later.
    if (node.name === "matches" && pattern?.kind === "literal" && typeof pattern.value === "string") {
      try {
        compileRegex(pattern.value);
      } catch (error) {
        if (error instanceof RegexSyntaxError)
          throw syntaxError(source, pattern.start, describeRegexProblem(pattern.value, error));
        throw error;
      }
    }
    if (node.name === "coalesce") {
      // Lazy, so later fallbacks cost nothing once a value is found.
      return (ctx) => {
        tick(ctx);
        for (const arg of args) {
          const value = arg(ctx);
          if (value !== null) return value;
        }
        return null;
      };
    }
    return (ctx) => {
      tick(ctx);
      const values = new Array<unknown>(args.length);
      for (let i = 0; i < args.length; i++) values[i] = args[i]!(ctx);
      return normalize(fn(values, start, ctx));
    };
  }

  const run = build(tree);
  return {
    source,
    variables: [...variables],
    evaluate: (vars) => run({ vars, nodes: 0, regexSteps: EXPRESSION_LIMITS.regexSteps }),
  };
}
