import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Where a frame's code lives: an npm package, a file of ours, or the engine. */
function placeOf(url: string, root: string): string {
  if (!url) return "(engine)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\//, "").replace(root, "");
}

export interface ProfileLine {
  name: string;
  place: string;
  selfMs: number;
  share: number;
}

/**
 * The functions with the most self time in the V8 CPU profiles of `dir` (node --cpu-prof), and the same
 * time grouped by package or file: where a process spent its CPU.
 */
export function summarizeProfiles(dir: string, root: string, top = 12): { functions: ProfileLine[]; places: ProfileLine[]; totalMs: number } {
  const byFunction = new Map<string, ProfileLine>();
  const byPlace = new Map<string, ProfileLine>();
  let totalMs = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const node = nodes.get(samples[i]!);
      if (!node) continue;
      const ms = (deltas[i] ?? 0) / 1000;
      totalMs += ms;
      const place = placeOf(node.callFrame.url, root);
      const name = node.callFrame.functionName || "(anonymous)";
      const key = `${name}@${place}:${node.callFrame.lineNumber}`;
      const f = byFunction.get(key) ?? { name, place: `${place}:${node.callFrame.lineNumber + 1}`, selfMs: 0, share: 0 };
      f.selfMs += ms;
      byFunction.set(key, f);
      const p = byPlace.get(place) ?? { name: place, place, selfMs: 0, share: 0 };
      p.selfMs += ms;
      byPlace.set(place, p);
    }
  }
  const rank = (m: Map<string, ProfileLine>) => [...m.values()].map((l) => ({ ...l, share: l.selfMs / totalMs })).sort((a, b) => b.selfMs - a.selfMs).slice(0, top);
  return { functions: rank(byFunction), places: rank(byPlace), totalMs };
}
