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
 * time grouped by package or file: where a process spent its CPU. With `baselineDir` (profiles of the same
 * process started and stopped without load), the baseline's time is subtracted function by function.
 */
export function summarizeProfiles(
  dir: string,
  root: string,
  top = 12,
  baselineDir?: string,
  thread: Thread = "all",
): { functions: ProfileLine[]; places: ProfileLine[]; totalMs: number } {
  const a = collect(dir, root, thread);
  if (baselineDir) {
    // What the baseline run (start and stop alone) spent is taken off: the rest is the load's.
    const b = collect(baselineDir, root, thread);
    for (const [key, line] of b.byFunction) if (a.byFunction.has(key)) a.byFunction.get(key)!.selfMs -= line.selfMs;
    for (const [key, line] of b.byPlace) if (a.byPlace.has(key)) a.byPlace.get(key)!.selfMs -= line.selfMs;
    a.totalMs -= b.totalMs;
  }
  const rank = (m: Map<string, ProfileLine>) =>
    [...m.values()]
      .map((l) => ({ ...l, share: l.selfMs / a.totalMs }))
      .sort((x, y) => y.selfMs - x.selfMs)
      .slice(0, top);
  return { functions: rank(a.byFunction), places: rank(a.byPlace), totalMs: a.totalMs };
}

/**
 * Which threads' profiles count: node --cpu-prof names each `CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile`,
 * the main thread's id 0 and a worker thread's another. Of the worker threads, embedded Postgres's
 * (functions/local/pglite-thread.ts) is told by its entry module among its frames; the others are the local ingest
 * worker's (functions/local/ingest-thread.ts).
 */
export type Thread = "all" | "main" | "ingest" | "pglite";

function ofThread(file: string, profile: CpuProfile, thread: Thread): boolean {
  if (thread === "all") return true;
  const main = file.split(".")[4] === "0";
  if (thread === "main" || main) return main === (thread === "main");
  const pglite = profile.nodes.some((n) => n.callFrame.url.endsWith("/functions/local/pglite-thread-entry.ts"));
  return pglite === (thread === "pglite");
}

function collect(dir: string, root: string, thread: Thread) {
  const byFunction = new Map<string, ProfileLine>();
  const byPlace = new Map<string, ProfileLine>();
  let totalMs = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
    if (!ofThread(file, profile, thread)) continue;
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
      const f = byFunction.get(key) ?? {
        name,
        place: `${place}:${node.callFrame.lineNumber + 1}`,
        selfMs: 0,
        share: 0,
      };
      f.selfMs += ms;
      byFunction.set(key, f);
      const p = byPlace.get(place) ?? { name: place, place, selfMs: 0, share: 0 };
      p.selfMs += ms;
      byPlace.set(place, p);
    }
  }
  return { byFunction, byPlace, totalMs };
}
