import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildDocument } from "./build-document";
import { writeConsoleTypes } from "./console-types";
import { exemptRoutes, loadContracts } from "./load-contracts";

/** `npm run openapi`: regenerates openapi.json, which get-document serves, and the console's types made from it (tests check both are current). */
const root = fileURLToPath(new URL("../../", import.meta.url));
const version = (JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { version: string }).version;
const document = buildDocument(await loadContracts(root), version, await exemptRoutes(root));
writeFileSync(`${root}functions/api/openapi/openapi.json`, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote functions/api/openapi/openapi.json (${Object.keys(document.paths).length} paths)`);
await writeConsoleTypes(root);
