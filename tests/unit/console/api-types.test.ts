import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONSOLE_TYPES_FILE, consoleTypes, DOCUMENT_FILE } from "../../../scripts/openapi/console-types";

const root = fileURLToPath(new URL("../../../", import.meta.url));

// tests/integration/api/openapi.test.ts holds the document to the zod contracts; this holds the console's types to the document.
describe("the console's API types (console/src/api-schema.ts)", () => {
  it("are what openapi-typescript makes of the committed OpenAPI document (run `npm run openapi` when this fails)", async () => {
    const document = JSON.parse(readFileSync(`${root}${DOCUMENT_FILE}`, "utf8")) as unknown;

    const generated = await consoleTypes(document);

    expect(readFileSync(`${root}${CONSOLE_TYPES_FILE}`, "utf8")).toBe(generated);
  });
});
