import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { benchFoundation } from "./foundation";

/** `npm run bench`: runs every benchmark and rewrites docs/benchmarks.md with the figures. */
const sections = [await benchFoundation()];
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const doc = ["# Benchmarks", "", `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.`, "", ...sections].join("\n");
writeFileSync(new URL("../docs/benchmarks.md", import.meta.url), doc);
console.log(doc);
