import { type ArithOp, type CompareOp, type Node, REFUSED_NAMES, type Segment } from "./ast";
import { BUILTINS } from "./builtins";
import { syntaxError } from "./errors";
import { type Token, tokenize } from "./lexer";
import { EXPRESSION_LIMITS } from "./limits";

// Binding powers, loosest first. `not` is an alias of `!`, so it binds as tightly: `not a == b` is `(not a) == b`.
const INFIX: Record<string, { bp: number; kind: "conditional" | "logical" | "compare" | "arith" }> = {
  "?": { bp: 1, kind: "conditional" },
  or: { bp: 2, kind: "logical" },
  "||": { bp: 2, kind: "logical" },
  and: { bp: 3, kind: "logical" },
  "&&": { bp: 3, kind: "logical" },
  "==": { bp: 4, kind: "compare" },
  "!=": { bp: 4, kind: "compare" },
  "<": { bp: 5, kind: "compare" },
  "<=": { bp: 5, kind: "compare" },
  ">": { bp: 5, kind: "compare" },
  ">=": { bp: 5, kind: "compare" },
  "+": { bp: 6, kind: "arith" },
  "-": { bp: 6, kind: "arith" },
  "*": { bp: 7, kind: "arith" },
  "/": { bp: 7, kind: "arith" },
  "%": { bp: 7, kind: "arith" },
};
const UNARY_BP = 8;
const MAX_DEPTH = EXPRESSION_LIMITS.parserDepth;

export interface ParseOptions {
  /** When given, any other variable name is a compile error (catches typos at save). */
  variables?: ReadonlySet<string>;
}

/** Parses an expression into its syntax tree. @throws invalid_input naming the position (and the limit on depth). */
export function parse(source: string, options: ParseOptions = {}): Node {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = (): Token => tokens[pos]!;
  const next = (): Token => tokens[pos++]!;
  const fail = (token: Token, what: string) => syntaxError(source, token.start, what);
  const unexpected = (token: Token) =>
    fail(
      token,
      token.type === "end" ? "Unexpected end of expression" : `Unexpected token ${JSON.stringify(token.text)}`,
    );
  const isPunct = (text: string) => peek().type === "punct" && peek().text === text;
  const expect = (text: string) => {
    if (!isPunct(text)) throw unexpected(peek());
    return next();
  };
  const tooDeep = (start: number) =>
    syntaxError(source, start, `Expression exceeds the parser depth limit of ${MAX_DEPTH}`);

  // Every node is built here, so no tree deeper than the limit ever reaches the compiler or the evaluator.
  function node<T extends Omit<Node, "depth">>(fields: T, children: Node[]): T & { depth: number } {
    const depth = 1 + children.reduce((d, c) => Math.max(d, c.depth), 0);
    if (depth > MAX_DEPTH) throw tooDeep(fields.start);
    return { ...fields, depth };
  }

  function checkName(name: string, start: number) {
    if (REFUSED_NAMES.has(name)) throw syntaxError(source, start, `Property name ${JSON.stringify(name)} is refused`);
  }

  function expression(minBp: number, level: number): Node {
    if (level > MAX_DEPTH) throw tooDeep(peek().start);
    let left = prefix(level);
    for (;;) {
      const token = peek();
      const infix =
        (token.type === "punct" || token.type === "keyword") && Object.hasOwn(INFIX, token.text)
          ? INFIX[token.text]
          : undefined;
      if (!infix || infix.bp < minBp) return left;
      next();
      if (infix.kind === "conditional") {
        const then = expression(0, level + 1);
        expect(":");
        const otherwise = expression(infix.bp, level + 1);
        left = node({ kind: "conditional", start: token.start, test: left, then, otherwise }, [left, then, otherwise]);
        continue;
      }
      const right = expression(infix.bp + 1, level + 1);
      if (infix.kind === "compare") {
        left = node({ kind: "compare", start: token.start, op: token.text as CompareOp, left, right }, [left, right]);
      } else if (infix.kind === "logical") {
        const op = token.text === "and" || token.text === "&&" ? "and" : "or";
        const operands = left.kind === "logical" && left.op === op ? [...left.operands, right] : [left, right];
        left = node({ kind: "logical", start: left.start, op, operands }, operands);
      } else {
        const step = { op: token.text as ArithOp, start: token.start };
        const chain = left.kind === "arith" && INFIX[left.ops[0]!.op]!.bp === infix.bp ? left : undefined;
        const operands = chain ? [...chain.operands, right] : [left, right];
        const ops = chain ? [...chain.ops, step] : [step];
        left = node({ kind: "arith", start: left.start, operands, ops }, operands);
      }
    }
  }

  function prefix(level: number): Node {
    const token = peek();
    if (
      (token.type === "punct" && (token.text === "!" || token.text === "-")) ||
      (token.type === "keyword" && token.text === "not")
    ) {
      next();
      const operand = expression(UNARY_BP, level + 1);
      return node({ kind: "unary", start: token.start, op: token.text === "-" ? "-" : "not", operand }, [operand]);
    }
    return postfix(primary(level), level);
  }

  function postfix(base: Node, level: number): Node {
    const segments: Segment[] = [];
    let deepest = base.depth;
    for (;;) {
      const token = peek();
      if (token.type !== "punct") break;
      if (token.text === ".") {
        next();
        const name = next();
        if (name.type !== "name" && name.type !== "keyword") throw unexpected(name);
        checkName(name.text, name.start);
        segments.push({ key: name.text, start: name.start });
      } else if (token.text === "[") {
        next();
        const index = expression(0, level + 1);
        expect("]");
        if (index.kind === "literal" && (typeof index.value === "string" || typeof index.value === "number")) {
          if (typeof index.value === "string") checkName(index.value, index.start);
          segments.push({ key: index.value, start: index.start });
        } else {
          deepest = Math.max(deepest, index.depth);
          segments.push({ index, start: index.start });
        }
      } else if (token.text === "(") {
        throw fail(token, 'Only built-in functions can be called, and only by name: unexpected "("');
      } else break;
    }
    if (segments.length === 0) return base;
    if (deepest + 1 > MAX_DEPTH) throw tooDeep(base.start);
    return { kind: "path", start: base.start, base, segments, depth: deepest + 1 };
  }

  function primary(level: number): Node {
    const token = next();
    switch (token.type) {
      case "number":
      case "string":
        return node({ kind: "literal", start: token.start, value: token.value }, []);
      case "keyword":
        if (token.text === "true" || token.text === "false")
          return node({ kind: "literal", start: token.start, value: token.text === "true" }, []);
        if (token.text === "null") return node({ kind: "literal", start: token.start, value: null }, []);
        throw unexpected(token);
      case "name":
        return isPunct("(") ? call(token, level) : variable(token);
      case "punct":
        if (token.text === "(") {
          const inner = expression(0, level + 1);
          expect(")");
          return inner;
        }
        if (token.text === "[") return array(token, level);
        if (token.text === "{") return object(token, level);
        throw unexpected(token);
      default:
        throw unexpected(token);
    }
  }

  function variable(token: Token): Node {
    checkName(token.text, token.start);
    if (options.variables && !options.variables.has(token.text))
      throw fail(token, `Unknown variable ${JSON.stringify(token.text)}`);
    return node({ kind: "variable", start: token.start, name: token.text }, []);
  }

  function call(name: Token, level: number): Node {
    const builtin = Object.hasOwn(BUILTINS, name.text) ? BUILTINS[name.text] : undefined;
    if (!builtin) throw fail(name, `Unknown function ${JSON.stringify(name.text)}`);
    next();
    const args = list(")", level, false);
    if (args.length < builtin.minArgs || args.length > builtin.maxArgs) {
      const expected =
        builtin.maxArgs === Infinity
          ? `at least ${builtin.minArgs}`
          : builtin.minArgs === builtin.maxArgs
            ? `${builtin.minArgs}`
            : `${builtin.minArgs} to ${builtin.maxArgs}`;
      const plural = builtin.maxArgs === 1 || (builtin.minArgs === 1 && builtin.maxArgs === Infinity) ? "" : "s";
      throw fail(name, `Function ${name.text}() takes ${expected} argument${plural} but got ${args.length}`);
    }
    return node({ kind: "call", start: name.start, name: name.text, args }, args);
  }

  function array(open: Token, level: number): Node {
    const items = list("]", level);
    return node({ kind: "array", start: open.start, items }, items);
  }

  function object(open: Token, level: number): Node {
    const entries: { key: string; value: Node }[] = [];
    const seen = new Set<string>();
    while (!isPunct("}")) {
      const keyToken = next();
      const key =
        keyToken.type === "string"
          ? String(keyToken.value)
          : keyToken.type === "name" || keyToken.type === "keyword"
            ? keyToken.text
            : undefined;
      if (key === undefined) throw unexpected(keyToken);
      checkName(key, keyToken.start);
      if (seen.has(key)) throw fail(keyToken, `Duplicate key ${JSON.stringify(key)}`);
      seen.add(key);
      expect(":");
      entries.push({ key, value: expression(0, level + 1) });
      if (!isPunct(",")) break;
      next();
    }
    expect("}");
    return node(
      { kind: "object", start: open.start, entries },
      entries.map((e) => e.value),
    );
  }

  // Comma-separated expressions up to `close`. Arrays allow a trailing comma; calls do not, so that
  // `contains(output, )` is the typo it looks like rather than a one-argument call.
  function list(close: string, level: number, trailingComma = true): Node[] {
    const items: Node[] = [];
    while (!isPunct(close)) {
      items.push(expression(0, level + 1));
      if (!isPunct(",")) break;
      next();
      if (!trailingComma && isPunct(close)) throw unexpected(peek());
    }
    expect(close);
    return items;
  }

  const tree = expression(0, 1);
  if (peek().type !== "end") throw unexpected(peek());
  return tree;
}
