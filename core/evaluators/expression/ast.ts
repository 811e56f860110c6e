/** Syntax tree of an expression. Every node keeps its 0-based source offset (for messages) and its depth. */
interface Base {
  start: number;
  depth: number;
}

export type ArithOp = "+" | "-" | "*" | "/" | "%";
export type CompareOp = "==" | "!=" | "<" | "<=" | ">" | ">=";

/** One step of a member path: a static name (`a.b`, `a["b"]`) or a computed index (`a[i]`). */
export type Segment = { key: string | number; start: number } | { index: Node; start: number };

export type Node =
  | (Base & { kind: "literal"; value: unknown })
  | (Base & { kind: "variable"; name: string })
  // A whole chain `a.b[0].c` is one node, read in a loop, so a 10,000-step chain costs no recursion.
  | (Base & { kind: "path"; base: Node; segments: Segment[] })
  | (Base & { kind: "unary"; op: "not" | "-"; operand: Node })
  // `a + b - c` is one node with operands [a, b, c]: left-associative chains stay flat for the same reason.
  | (Base & { kind: "arith"; operands: Node[]; ops: { op: ArithOp; start: number }[] })
  | (Base & { kind: "compare"; op: CompareOp; left: Node; right: Node })
  | (Base & { kind: "logical"; op: "and" | "or"; operands: Node[] })
  | (Base & { kind: "conditional"; test: Node; then: Node; otherwise: Node })
  | (Base & { kind: "call"; name: string; args: Node[] })
  | (Base & { kind: "array"; items: Node[] })
  | (Base & { kind: "object"; entries: { key: string; value: Node }[] });

/** Names that no property access may use (docs/expressions.md, "Values and operators"). */
export const REFUSED_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
