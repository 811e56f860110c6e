import {
  checkIncludes,
  expandIncludes,
  type IncludeGraph,
  type IncludeNode,
  includesOf,
  refKey,
  scanText,
  type Target,
} from "@core/prompts/includes";
import { describe, expect, it } from "vitest";

const tag = (name: string, selector: string) => `@@@servicePrompt:name=${name}|${selector}@@@`;

/** An in-memory graph: `nodes` by name (channel `production`) and by `name@version`. */
function graphOf(nodes: IncludeNode[], extra: Record<string, Target> = {}): IncludeGraph {
  const targets = new Map<string, Target>(Object.entries(extra));
  for (const n of nodes) {
    targets.set(refKey({ name: n.name, label: "production" }), n);
    targets.set(refKey({ name: n.name, version: n.version }), n);
  }
  return (ref) => targets.get(refKey(ref)) ?? { missing: "prompt" };
}

const node = (name: string, content: string, overrides: Partial<IncludeNode> = {}): IncludeNode => ({
  id: `${name}@${overrides.version ?? 1}`,
  name,
  version: 1,
  type: "TEXT",
  content,
  refs: includesOf(content).refs,
  ...overrides,
});

describe("include references", () => {
  it("parses channel and version references, once each, in order", () => {
    const { refs, malformed } = includesOf(
      `${tag("a", "label=production")} ${tag("b", "version=3")} ${tag("a", "label=production")}`,
    );

    expect(refs).toEqual([
      { name: "a", label: "production" },
      { name: "b", version: 3 },
    ]);
    expect(malformed).toEqual([]);
  });

  it("reports tags that do not parse and leaves other @@@ text alone", () => {
    const { refs, malformed } = includesOf(
      `@@@ not a tag @@@ @@@servicePrompt:name=a@@@ @@@servicePrompt:name=a|version=0@@@ @@@servicePrompt:name=a|label=Prod@@@`,
    );

    expect(refs).toEqual([]);
    expect(malformed).toEqual([
      "@@@servicePrompt:name=a@@@",
      "@@@servicePrompt:name=a|version=0@@@",
      "@@@servicePrompt:name=a|label=Prod@@@",
    ]);
  });

  it("finds references in CHAT message contents, not in placeholder slots", () => {
    const { refs } = includesOf([
      { role: "system", content: tag("persona", "label=production") },
      { type: "placeholder", name: "history" },
    ]);

    expect(refs).toEqual([{ name: "persona", label: "production" }]);
  });

  it("splits text into literal pieces and references", () => {
    expect(scanText(`x${tag("a", "version=1")}y`).pieces).toEqual(["x", { name: "a", version: 1 }, "y"]);
  });
});

describe("checkIncludes", () => {
  it("passes a sound graph", () => {
    const leaf = node("leaf", "L");
    const root = node("root", tag("leaf", "label=production"));

    expect(checkIncludes(root, graphOf([leaf]))).toBeNull();
  });

  it("finds a direct and an indirect cycle with the path", () => {
    const self = node("a", tag("a", "label=production"));
    const a = node("a", tag("b", "label=production"));
    const b = node("b", tag("a", "label=production"));

    expect(checkIncludes(self, graphOf([self]))).toMatchObject({
      reason: "cycle",
      path: ["a", "a"],
      message: "Include cycle: a -> a",
    });
    expect(checkIncludes(a, graphOf([a, b]))).toMatchObject({ reason: "cycle", message: "Include cycle: a -> b -> a" });
  });

  it("does not count an older pinned version of the same prompt as a cycle", () => {
    const v1 = node("a", "base", { version: 1 });
    const v2 = node("a", tag("a", "version=1"), { version: 2, id: "a@2" });

    expect(checkIncludes(v2, graphOf([v1]))).toBeNull();
  });

  it("allows 5 hops and refuses the 6th", () => {
    const chain = Array.from({ length: 8 }, (_, i) =>
      node(`p${i}`, i === 7 ? "end" : tag(`p${i + 1}`, "label=production")),
    );
    const graph = graphOf(chain);

    expect(checkIncludes(chain[2]!, graph)).toBeNull();
    expect(checkIncludes(chain[1]!, graph)).toMatchObject({
      reason: "depth",
      message: "Include nesting deeper than 5: p1 -> p2 -> p3 -> p4 -> p5 -> p6 -> p7",
    });
  });

  it("measures depth by the longest chain, even when a shorter path reaches a node first", () => {
    // root includes d directly and through a -> b -> c -> d; d -> e -> f makes the long path 6 hops.
    const f = node("f", "f");
    const e = node("e", tag("f", "label=production"));
    const d = node("d", tag("e", "label=production"));
    const c = node("c", tag("d", "label=production"));
    const b = node("b", tag("c", "label=production"));
    const a = node("a", tag("b", "label=production"));
    const root = node("root", `${tag("d", "label=production")}${tag("a", "label=production")}`);

    expect(checkIncludes(root, graphOf([a, b, c, d, e, f]))).toMatchObject({
      reason: "depth",
      path: ["root", "a", "b", "c", "d", "e", "f"],
    });
  });

  it("refuses a non-TEXT target and names a missing one by prompt, label or version", () => {
    const chat = node("chat", "", { type: "CHAT", content: [{ role: "user", content: "hi" }], refs: [] });
    const root = node("root", tag("chat", "label=production"));
    const graph = graphOf([chat], {
      [refKey({ name: "x", label: "staging" })]: { missing: "label" },
      [refKey({ name: "x", version: 9 })]: { missing: "version" },
    });

    expect(checkIncludes(root, graph)?.message).toBe(
      "Included prompt 'chat' is CHAT; only TEXT prompts can be included: root -> chat",
    );
    expect(checkIncludes(node("r", tag("ghost", "label=production")), graph)?.message).toBe(
      "Included prompt 'ghost' does not exist: r -> ghost",
    );
    expect(checkIncludes(node("r", tag("x", "label=staging")), graph)?.message).toBe(
      "Included prompt 'x' has no version with label 'staging': r -> x",
    );
    expect(checkIncludes(node("r", tag("x", "version=9")), graph)?.message).toBe(
      "Included prompt 'x' has no version 9: r -> x",
    );
  });

  it("stays fast on a wide diamond lattice", () => {
    // 5 layers of 30 prompts, each including every prompt of the next layer: 30^5 paths.
    const layers = Array.from({ length: 5 }, (_, l) => Array.from({ length: 30 }, (_, i) => `l${l}n${i}`));
    const nodes = layers.flatMap((names, l) =>
      names.map((n) => node(n, l === 4 ? "x" : layers[l + 1]!.map((m) => tag(m, "label=production")).join(""))),
    );
    const root = node("root", layers[0]!.map((m) => tag(m, "label=production")).join(""));
    const started = performance.now();

    expect(checkIncludes(root, graphOf(nodes))).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("expandIncludes", () => {
  it("replaces every reference with the expanded target and records the resolution graph", () => {
    const leaf = node("leaf", "L");
    const mid = node("mid", `M(${tag("leaf", "label=production")})`);
    const root = node("root", `R(${tag("mid", "label=production")}, ${tag("leaf", "version=1")})`);

    const { content, resolutionGraph } = expandIncludes(root, graphOf([leaf, mid]));

    expect(content).toBe("R(M(L), L)");
    expect(resolutionGraph).toEqual({
      root: { id: "root@1", name: "root", version: 1 },
      dependencies: {
        "root@1": [
          { id: "mid@1", name: "mid", version: 1 },
          { id: "leaf@1", name: "leaf", version: 1 },
        ],
        "mid@1": [{ id: "leaf@1", name: "leaf", version: 1 }],
      },
    });
  });

  it("expands inside CHAT messages and keeps placeholder slots", () => {
    const persona = node("persona", "terse");
    const root = node("chat", "", {
      type: "CHAT",
      content: [
        { role: "system", content: `Be ${tag("persona", "label=production")}.` },
        { type: "placeholder", name: "h" },
      ],
    });
    root.refs = includesOf(root.content).refs;

    expect(expandIncludes(root, graphOf([persona])).content).toEqual([
      { role: "system", content: "Be terse." },
      { type: "placeholder", name: "h" },
    ]);
  });

  it("gives no resolution graph to a prompt without includes", () => {
    expect(expandIncludes(node("plain", "p"), graphOf([])).resolutionGraph).toBeNull();
  });
});
