import {
  type ChatEntry,
  LABEL_PATTERN,
  MAX_VERSION,
  NAME_PATTERN,
  type PromptContent,
  type PromptType,
  type ResolutionGraph,
} from "./prompts.schema";

/** Include nesting depth, at save and at resolve (docs/prompts.md). */
export const MAX_INCLUDE_DEPTH = 5;

/** `@@@servicePrompt:name=<n>|label=<l>@@@` follows a channel; `…|version=<v>@@@` pins a version. */
export type IncludeRef =
  | { name: string; label: string; version?: undefined }
  | { name: string; version: number; label?: undefined };

const TAG_START = "@@@servicePrompt:";
const TAG = /@@@servicePrompt:name=([^|@\s]+)\|(label|version)=([^|@\s]+)@@@/y;
export const TAG_SYNTAX =
  "@@@servicePrompt:name=<name>|label=<label>@@@ or @@@servicePrompt:name=<name>|version=<n>@@@";

export const refKey = (ref: IncludeRef) =>
  ref.version !== undefined ? `${ref.name}\u0000v${ref.version}` : `${ref.name}\u0000l${ref.label}`;
export const describeRef = (ref: IncludeRef) =>
  ref.version !== undefined ? `${ref.name}|version=${ref.version}` : `${ref.name}|label=${ref.label}`;

type Piece = string | IncludeRef;

/** Splits a text into literal pieces and include references; `malformed` lists tags that do not parse. */
export function scanText(text: string): { pieces: Piece[]; malformed: string[] } {
  const pieces: Piece[] = [];
  const malformed: string[] = [];
  let from = 0;
  let at = text.indexOf(TAG_START);
  while (at !== -1) {
    TAG.lastIndex = at;
    const m = TAG.exec(text);
    const ref = m ? toRef(m[1]!, m[2]!, m[3]!) : null;
    if (m && ref) {
      if (at > from) pieces.push(text.slice(from, at));
      pieces.push(ref);
      from = at + m[0].length;
      at = text.indexOf(TAG_START, from);
    } else {
      const end = text.indexOf("@@@", at + TAG_START.length);
      malformed.push(end === -1 ? text.slice(at, at + 80) : text.slice(at, Math.min(end + 3, at + 200)));
      at = text.indexOf(TAG_START, at + TAG_START.length);
    }
  }
  if (from < text.length) pieces.push(text.slice(from));
  return { pieces, malformed };
}

function toRef(name: string, kind: string, value: string): IncludeRef | null {
  if (!NAME_PATTERN.test(name) || name.length > 200) return null;
  if (kind === "label") return LABEL_PATTERN.test(value) && value.length <= 36 ? { name, label: value } : null;
  if (!/^[1-9][0-9]*$/.test(value) || Number(value) > MAX_VERSION) return null;
  return { name, version: Number(value) };
}

/** The strings of a body that may hold includes: the TEXT body, or each CHAT message's content. */
const textsOf = (content: PromptContent): string[] =>
  typeof content === "string" ? [content] : content.flatMap((e) => ("role" in e ? [e.content] : []));

/** Include references of a body, in order of appearance, each once. */
export function includesOf(content: PromptContent): { refs: IncludeRef[]; malformed: string[] } {
  const seen = new Map<string, IncludeRef>();
  const malformed: string[] = [];
  for (const text of textsOf(content)) {
    const scan = scanText(text);
    malformed.push(...scan.malformed);
    for (const p of scan.pieces) if (typeof p !== "string" && !seen.has(refKey(p))) seen.set(refKey(p), p);
  }
  return { refs: [...seen.values()], malformed };
}

/** A prompt version as the include walk sees it. */
export interface IncludeNode {
  id: string;
  name: string;
  version: number;
  type: PromptType;
  content: PromptContent;
  refs: IncludeRef[];
}

/** Why a reference has no version: no prompt of that name, or no version under that label or number. */
export type Missing = { missing: "prompt" | "label" | "version" };
export type Target = IncludeNode | Missing;

/** Answers references; `undefined` means the loader did not fetch it (deeper than it looks). */
export type IncludeGraph = (ref: IncludeRef) => Target | undefined;

export type IncludeFailureReason = "cycle" | "depth" | "not_text" | "not_found";

export interface IncludeFailure {
  reason: IncludeFailureReason;
  /** Prompt names from the root to the failing reference, e.g. `["a", "b", "a"]`. */
  path: string[];
  message: string;
}

const arrow = (path: string[]) => path.join(" -> ");

function missingMessage(ref: IncludeRef, why: Missing["missing"], path: string[]) {
  if (why === "prompt") return `Included prompt '${ref.name}' does not exist: ${arrow(path)}`;
  if (why === "label") return `Included prompt '${ref.name}' has no version with label '${ref.label}': ${arrow(path)}`;
  return `Included prompt '${ref.name}' has no version ${ref.version}: ${arrow(path)}`;
}

/**
 * Walks the includes below `root` and returns the first rule it breaks, or null.
 * Depth counts include hops: the root is at depth 0 and what it includes directly at
 * depth 1, so a chain of 5 hops is allowed and a 6th hop is refused. Cycles are found on
 * versions (a version that reaches itself), so including an older pinned version of the
 * same prompt is not a cycle.
 */
export function checkIncludes(
  root: IncludeNode,
  graph: IncludeGraph,
  maxDepth = MAX_INCLUDE_DEPTH,
): IncludeFailure | null {
  /** Longest chain below a version whose subtree is known to be sound. */
  const height = new Map<string, number>();
  const stack: IncludeNode[] = [];
  const onStack = new Set<string>();

  function visit(node: IncludeNode, depth: number): number | IncludeFailure {
    stack.push(node);
    onStack.add(node.id);
    let longest = 0;
    for (const ref of node.refs) {
      const path = [...stack.map((n) => n.name), ref.name];
      const target = graph(ref);
      if (target === undefined)
        return { reason: "depth", path, message: `Include nesting deeper than ${maxDepth}: ${arrow(path)}` };
      if ("missing" in target) return { reason: "not_found", path, message: missingMessage(ref, target.missing, path) };
      if (target.type !== "TEXT")
        return {
          reason: "not_text",
          path,
          message: `Included prompt '${ref.name}' is ${target.type}; only TEXT prompts can be included: ${arrow(path)}`,
        };
      if (onStack.has(target.id)) return { reason: "cycle", path, message: `Include cycle: ${arrow(path)}` };
      if (depth + 1 > maxDepth)
        return { reason: "depth", path, message: `Include nesting deeper than ${maxDepth}: ${arrow(path)}` };
      const known = height.get(target.id);
      const below = known !== undefined && depth + 1 + known <= maxDepth ? known : visit(target, depth + 1);
      if (typeof below !== "number") return below;
      longest = Math.max(longest, below + 1);
    }
    stack.pop();
    onStack.delete(node.id);
    height.set(node.id, longest);
    return longest;
  }

  const result = visit(root, 0);
  return typeof result === "number" ? null : result;
}

/**
 * The root's content with every include replaced by the included version's text,
 * itself expanded, and Langfuse's resolution graph. Call after `checkIncludes` passed.
 */
export function expandIncludes(
  root: IncludeNode,
  graph: IncludeGraph,
): { content: PromptContent; resolutionGraph: ResolutionGraph | null } {
  const expanded = new Map<string, string>();
  const dependencies: ResolutionGraph["dependencies"] = {};
  const nodeOf = (ref: IncludeRef) => graph(ref) as IncludeNode;

  const expandText = (text: string, owner: IncludeNode): string =>
    scanText(text)
      .pieces.map((p) => {
        if (typeof p === "string") return p;
        const target = nodeOf(p);
        let edges = dependencies[owner.id];
        if (!edges) {
          edges = [];
          dependencies[owner.id] = edges;
        }
        if (!edges.some((e) => e.id === target.id))
          edges.push({ id: target.id, name: target.name, version: target.version });
        let text = expanded.get(target.id);
        if (text === undefined) {
          text = expandText(target.content as string, target);
          expanded.set(target.id, text);
        }
        return text;
      })
      .join("");

  const content: PromptContent =
    typeof root.content === "string"
      ? expandText(root.content, root)
      : root.content.map((e): ChatEntry => ("role" in e ? { role: e.role, content: expandText(e.content, root) } : e));
  const hasDependencies = Object.keys(dependencies).length > 0;
  return {
    content,
    resolutionGraph: hasDependencies
      ? { root: { id: root.id, name: root.name, version: root.version }, dependencies }
      : null,
  };
}
