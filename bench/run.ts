import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { benchDatasets } from "./datasets";
import { benchEvaluators } from "./evaluators";
import { benchExpressions } from "./expressions";
import { benchFoundation } from "./foundation";
import { benchIngest } from "./ingest";
import { benchOnlineEval } from "./online-eval";
import { benchOtlp } from "./otlp";
import { benchLambda } from "./lambda";
import { benchPrompts } from "./prompts";
import { benchReads } from "./reads";

/** `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures. */
// One after another: each measures against a baseline taken in the same run, on an otherwise idle machine.
const sections = [await benchFoundation(), await benchIngest(), await benchOtlp(), await benchPrompts(), await benchExpressions(), await benchEvaluators(), await benchOnlineEval(), await benchDatasets(), await benchReads(), await benchLambda()];
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const doc = ["# Benchmarks", "", `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.`, "", ...sections].join("\n");
writeFileSync(new URL("../docs/benchmarks.md", import.meta.url), doc);
console.log(doc);
