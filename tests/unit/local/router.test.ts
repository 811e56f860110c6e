import { createRouter } from "@functions/local/router";
import type { RouteDef } from "@functions/routes";
import { describe, expect, it } from "vitest";

const r = (method: RouteDef["method"], path: string): RouteDef => ({ method, path, handler: `h.${method}${path}` });

describe("local router", () => {
  const router = createRouter([
    r("GET", "/v1/prompts/{name}"),
    r("GET", "/v1/prompts/presets"),
    r("POST", "/v1/files/{key+}"),
  ]);

  it("prefers literal segments over parameters, as API Gateway does", () => {
    const match = router.match("GET", "/v1/prompts/presets");

    expect(match).toMatchObject({ route: { path: "/v1/prompts/presets" }, params: {} });
  });

  it("decodes path parameters and supports greedy ones", () => {
    expect(router.match("GET", "/v1/prompts/a%20b")).toMatchObject({ params: { name: "a b" } });
    expect(router.match("POST", "/v1/files/a/b/c")).toMatchObject({ params: { key: "a/b/c" } });
  });

  it("tells a wrong method from an unknown path", () => {
    expect(router.match("DELETE", "/v1/prompts/x")).toBe("method");
    expect(router.match("GET", "/v2/nothing")).toBeNull();
  });
});
