import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { benchAutomations } from "./automations";
import { benchConsole } from "./console";
import { benchCost } from "./cost";
import { benchDatasets } from "./datasets";
import { benchEvaluators } from "./evaluators";
import { benchExperiments } from "./experiments";
import { benchExport } from "./export";
import { benchExpressions } from "./expressions";
import { benchFoundation } from "./foundation";
import { benchIngest } from "./ingest";
import { benchIngestFeatures } from "./ingest-features";
import { benchLambda } from "./lambda";
import { benchMedia } from "./media";
import { benchOnlineEval } from "./online-eval";
import { benchOtlp } from "./otlp";
import { benchPlayground } from "./playground";
import { benchPrompts } from "./prompts";
import { benchRateLimits } from "./rate-limits";
import { benchReads } from "./reads";
import { benchSdkGo } from "./sdk-go";
import { benchSdkPython } from "./sdk-python";
import { benchSdkTypescript } from "./sdk-typescript";
import { benchSessions } from "./sessions";
import { benchTraceToDataset } from "./trace-to-dataset";

/** Every benchmark, in the order `npm run bench` runs them; each returns its section of docs/benchmarks.md. */
const scenarios: Record<string, () => Promise<string>> = {
  foundation: benchFoundation,
  ingest: benchIngest,
  "ingest-features": () =>
    benchIngestFeatures({ SIGHTLINE_INIT_PUBLIC_KEY: "pk-sl-bench", SIGHTLINE_INIT_SECRET_KEY: "sk-sl-bench" }),
  otlp: benchOtlp,
  prompts: benchPrompts,
  expressions: benchExpressions,
  evaluators: benchEvaluators,
  "online-eval": benchOnlineEval,
  datasets: benchDatasets,
  experiments: benchExperiments,
  "trace-to-dataset": benchTraceToDataset,
  reads: benchReads,
  lambda: benchLambda,
  cost: benchCost,
  "rate-limits": benchRateLimits,
  automations: benchAutomations,
  "sdk-typescript": benchSdkTypescript,
  "sdk-python": benchSdkPython,
  "sdk-go": benchSdkGo,
  sessions: benchSessions,
  console: benchConsole,
  playground: benchPlayground,
  media: benchMedia,
  export: benchExport,
};

/**
 * `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures. `npm run bench --
 * <name> …` runs only the named ones and replaces their sections, noting that they were measured alone.
 */
const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in scenarios));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(scenarios).join(", ")}`);
  process.exit(2);
}
const path = new URL("../docs/benchmarks.md", import.meta.url);
/** Headings of docs/benchmarks.md measured by hand, not by a benchmark here. */
const HAND_MEASURED = ["## Test suite"];
const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
let doc: string;
if (names.length === 0) {
  // One after another: each measures against a baseline taken in the same run, on an otherwise idle machine.
  const sections: string[] = [];
  for (const run of Object.values(scenarios)) sections.push(await run());
  doc = ["# Benchmarks", "", `Measured by \`npm run bench\` on ${date}: ${machine}.`, "", ...sections].join("\n");
  // Sections no benchmark writes (the test suite's time, measured with `time npm test`) stay as they were.
  for (const kept of sectionsOf(readFileSync(path, "utf8")))
    if (HAND_MEASURED.includes(kept.slice(0, kept.indexOf("\n")))) doc = `${doc.trimEnd()}\n\n${kept}`;
} else {
  doc = readFileSync(path, "utf8");
  for (const name of names) {
    const section = `${(await scenarios[name]!()).trimEnd()}\n\nMeasured alone (\`npm run bench -- ${name}\`) on ${date}: ${machine}.\n`;
    doc = replaceSection(doc, section);
  }
}
writeFileSync(path, doc);
console.log(doc);

/** `doc` with the section under `section`'s `## ` heading replaced by it, or with it appended when there is none. */
function replaceSection(doc: string, section: string): string {
  const lines = doc.split("\n");
  const heading = section.slice(0, section.indexOf("\n"));
  const start = lines.indexOf(heading);
  if (start === -1) return `${doc.trimEnd()}\n\n${section}`;
  const next = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  const rest = next === -1 ? [""] : ["", ...lines.slice(next)];
  return [...lines.slice(0, start), ...section.trimEnd().split("\n"), ...rest].join("\n");
}

/** The `## ` sections of `doc`, each from its heading to the line before the next. */
function sectionsOf(doc: string): string[] {
  const lines = doc.split("\n");
  const starts = lines.flatMap((line, i) => (line.startsWith("## ") ? [i] : []));
  return starts.map(
    (start, k) =>
      `${lines
        .slice(start, starts[k + 1] ?? lines.length)
        .join("\n")
        .trimEnd()}\n`,
  );
}
