import { EXPRESSION_LIMITS } from "../limits";
import { type RegexNode, RegexSyntaxError } from "./syntax";

export const Op = {
  Char: 0,
  Any: 1,
  Class: 2,
  Split: 3,
  Jump: 4,
  Match: 5,
  Bol: 6,
  Eol: 7,
  WordBoundary: 8,
  NotWordBoundary: 9,
} as const;
export type Op = (typeof Op)[keyof typeof Op];

/** A Thompson NFA as parallel arrays: `op[pc]` with operands `a[pc]`, `b[pc]` (character, class index or targets). */
export interface Program {
  op: Uint8Array;
  a: Int32Array;
  b: Int32Array;
  classes: { ranges: Int32Array; negated: boolean }[];
  /** Literal text every match starts with ("" if none), so the matcher can skip ahead with indexOf. */
  prefix: string;
}

const ASSERT_OPS = { bol: Op.Bol, eol: Op.Eol, wordb: Op.WordBoundary, nwordb: Op.NotWordBoundary } as const;

/** Compiles a regex tree to instructions. Counted repetition expands, so the size limit applies while emitting. */
export function compileProgram(tree: RegexNode): Program {
  const op: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const classes: Program["classes"] = [];
  const limit = EXPRESSION_LIMITS.regexInstructions;

  const emit = (code: Op, x = 0, y = 0) => {
    if (op.length >= limit)
      throw new RegexSyntaxError(`pattern exceeds the limit of ${limit} matcher instructions`, null);
    op.push(code);
    a.push(x);
    b.push(y);
    return op.length - 1;
  };

  function gen(node: RegexNode): void {
    switch (node.t) {
      case "empty":
        return;
      case "char":
        emit(Op.Char, node.c);
        return;
      case "any":
        emit(Op.Any);
        return;
      case "class":
        classes.push({ ranges: Int32Array.from(node.ranges), negated: node.negated });
        emit(Op.Class, classes.length - 1);
        return;
      case "assert":
        emit(ASSERT_OPS[node.k]);
        return;
      case "seq":
        node.items.forEach(gen);
        return;
      case "alt": {
        const jumps: number[] = [];
        node.alts.forEach((alt, k) => {
          if (k < node.alts.length - 1) {
            const split = emit(Op.Split, op.length + 1);
            gen(alt);
            jumps.push(emit(Op.Jump));
            b[split] = op.length;
          } else gen(alt);
        });
        for (const j of jumps) a[j] = op.length;
        return;
      }
      case "repeat":
        repeat(node.body, node.min, node.max);
    }
  }

  function repeat(body: RegexNode, min: number, max: number) {
    // Any number of copies of nothing is nothing; without this `(?:){999999999}` would loop without emitting.
    if (emitsNothing(body)) return;
    for (let k = 0; k < min; k++) gen(body);
    if (max === Infinity) {
      const loop = emit(Op.Split, op.length + 1);
      gen(body);
      emit(Op.Jump, loop);
      b[loop] = op.length;
      return;
    }
    // Each optional copy may skip to the end: x{1,3} is x(x(x)?)?.
    const skips: number[] = [];
    for (let k = min; k < max; k++) {
      skips.push(emit(Op.Split, op.length + 1));
      gen(body);
    }
    for (const s of skips) b[s] = op.length;
  }

  gen(tree);
  emit(Op.Match);
  return {
    op: Uint8Array.from(op),
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    classes,
    prefix: literalPrefix(op, a),
  };
}

function emitsNothing(node: RegexNode): boolean {
  if (node.t === "empty") return true;
  if (node.t === "seq") return node.items.every(emitsNothing);
  if (node.t === "repeat") return node.max === 0 || emitsNothing(node.body);
  return false;
}

// Jumps and splits only target their own structure (a star loops back to its own Split), never the leading
// Char instructions, so those spell text every match begins with.
function literalPrefix(op: number[], a: number[]): string {
  let prefix = "";
  for (let pc = 0; op[pc] === Op.Char; pc++) prefix += String.fromCharCode(a[pc]!);
  return prefix;
}
