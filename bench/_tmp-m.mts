import { createRequire } from "node:module";
import { join } from "node:path";
const req = createRequire(join(process.cwd(), "node_modules/sst/runtime/handlers/node.js"));
const esbuild = req("esbuild");
const r = await esbuild.build({ entryPoints: [process.argv[2]], bundle: true, platform: "node", format: "esm", target: "esnext", mainFields: ["module","main"], minify: true, write: false, metafile: true, external: ["chdb","@electric-sql/pglite","sharp","pg-native"], outfile: "/tmp/x.mjs", tsconfig: "tsconfig.json" });
const out = Object.values(r.metafile.outputs)[0] as any;
const byPkg = new Map<string, number>();
for (const [file, v] of Object.entries(out.inputs) as any) { const m = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/); const k = m ? m[1] : file.split("/").slice(0,2).join("/"); byPkg.set(k, (byPkg.get(k) ?? 0) + v.bytesInOutput); }
console.log("total", out.bytes);
for (const [k, v] of [...byPkg].sort((a,b)=>b[1]-a[1]).slice(0,25)) console.log((v/1e3).toFixed(0).padStart(6), "KB", k);
