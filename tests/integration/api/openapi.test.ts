import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { routes } from "@functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument } from "../../../scripts/openapi/build-document";
import { exemptRoutes, loadContracts } from "../../../scripts/openapi/load-contracts";
import { startTestApp, type TestApp } from "../../support/local-app";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("GET /v1/openapi.json", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("is current with the endpoints' zod schemas (run `npm run openapi` when this fails)", async () => {
    const version = JSON.parse(readFileSync(`${root}package.json`, "utf8")).version;

    const generated = buildDocument(await loadContracts(root), version, await exemptRoutes(root));
    const committed = JSON.parse(readFileSync(`${root}functions/api/openapi/openapi.json`, "utf8"));

    expect(committed).toEqual(JSON.parse(JSON.stringify(generated)));
  });

  it("serves an OpenAPI 3.1 document describing every route", async () => {
    const res = await app.call("GET", "/v1/openapi.json");

    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    for (const r of routes)
      expect(res.body.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    expect(
      res.body.paths["/v1/api-keys"].post.requestBody.content["application/json"].schema.properties.role.enum,
    ).toEqual(["VIEWER", "MEMBER", "ADMIN"]);
  });
});
