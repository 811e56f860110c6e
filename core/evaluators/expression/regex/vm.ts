import { Op, type Program } from "./program";
import { inRanges as inRangesImported, isWordChar as isWordCharImported } from "./syntax";

// Module-local copies: some loaders (vitest's) turn every use of an import into a getter call, which made the
// hot loop below several times slower under test than in production.
const { Char, Any, Split, Jump, Match, Bol, Eol, WordBoundary, NotWordBoundary } = Op;
const inRanges = inRangesImported;
const isWordChar = isWordCharImported;

/** What is left of the evaluation's matcher steps; runs subtract from it. */
export interface MatchBudget {
  regexSteps: number;
}

export class RegexBudgetExceeded extends Error {
  constructor() {
    super("regex step budget exceeded");
    this.name = "RegexBudgetExceeded";
  }
}

const isLineTerminator = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** Scratch space of one run, kept on the program: runs never nest, and allocation dominated short subjects. */
interface Scratch {
  current: Int32Array;
  next: Int32Array;
  /** seen[pc] === mark means pc was already added at the position being built; marks only grow, so nothing is cleared. */
  seen: Uint32Array;
  mark: number;
  /** Each state is marked once and pushes at most two successors, so 2 × size + 1 slots suffice. */
  stack: Int32Array;
  /** States visited since the budget was last charged: threads that do not consume still cost work. */
  visits: number;
}

const scratches = new WeakMap<Program, Scratch>();

function scratchFor(program: Program): Scratch {
  let scratch = scratches.get(program);
  if (!scratch || scratch.mark > 0xfff00000) {
    const size = program.op.length;
    scratch = {
      current: new Int32Array(size),
      next: new Int32Array(size),
      seen: new Uint32Array(size),
      mark: 0,
      stack: new Int32Array(2 * size + 1),
      visits: 0,
    };
    scratches.set(program, scratch);
  }
  return scratch;
}

// Follows jumps, splits and assertions from `pc` at `pos`, appending consuming states to `list`.
// Returns the new count, or -1 once Match is reachable.
function add(
  program: Program,
  s: Scratch,
  subject: string,
  list: Int32Array,
  count: number,
  pc: number,
  pos: number,
): number {
  const { op, a, b } = program;
  const { seen, stack, mark } = s;
  let top = 0;
  stack[top++] = pc;
  while (top > 0) {
    const at = stack[--top]!;
    if (seen[at] === mark) continue;
    seen[at] = mark;
    s.visits++;
    switch (op[at]) {
      case Jump:
        stack[top++] = a[at]!;
        break;
      case Split:
        stack[top++] = b[at]!;
        stack[top++] = a[at]!;
        break;
      case Bol:
        if (pos === 0) stack[top++] = at + 1;
        break;
      case Eol:
        if (pos === subject.length) stack[top++] = at + 1;
        break;
      case WordBoundary:
      case NotWordBoundary: {
        const before = pos > 0 && isWordChar(subject.charCodeAt(pos - 1));
        const after = pos < subject.length && isWordChar(subject.charCodeAt(pos));
        if ((before !== after) === (op[at] === WordBoundary)) stack[top++] = at + 1;
        break;
      }
      case Match:
        return -1;
      default:
        list[count++] = at;
    }
  }
  return count;
}

/**
 * Whether `program` matches anywhere in `subject`. A Thompson simulation: every live state advances one
 * character at a time and each state is visited at most once per position, so the cost is
 * O(subject length × program size) whatever the pattern. No backtracking, hence no ReDoS.
 */
export function runProgram(program: Program, subject: string, budget: MatchBudget): boolean {
  const { op, a, classes, prefix } = program;
  const s = scratchFor(program);
  s.visits = 0;
  let current = s.current;
  let next = s.next;
  let currentCount = 0;
  const n = subject.length;

  s.mark++;
  for (let pos = 0; pos <= n; pos++) {
    // With no live state, the next match can only start where the literal prefix occurs.
    if (currentCount === 0 && prefix !== "") {
      const found = subject.indexOf(prefix, pos);
      if (found < 0) return false;
      if (found > pos) {
        pos = found;
        s.mark++;
      }
    }
    // Unanchored search: a new thread starts at every position.
    currentCount = add(program, s, subject, current, currentCount, 0, pos);
    if (currentCount < 0) return true;
    if (pos === n) break;
    budget.regexSteps -= s.visits + currentCount;
    s.visits = 0;
    if (budget.regexSteps < 0) throw new RegexBudgetExceeded();
    const c = subject.charCodeAt(pos);
    s.mark++;
    let nextCount = 0;
    for (let k = 0; k < currentCount; k++) {
      const pc = current[k]!;
      const code = op[pc];
      const ok =
        code === Char
          ? a[pc] === c
          : code === Any
            ? !isLineTerminator(c)
            : inRanges(classes[a[pc]!]!.ranges, c) !== classes[a[pc]!]!.negated;
      if (ok) {
        nextCount = add(program, s, subject, next, nextCount, pc + 1, pos + 1);
        if (nextCount < 0) return true;
      }
    }
    [current, next] = [next, current];
    currentCount = nextCount;
  }
  return false;
}
