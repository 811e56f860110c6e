import { AppError, csrfFailed, csvMissingColumn, projectRequired, rateLimited } from "@core/platform/errors";
import { errorResponse } from "@functions/_lib/http-errors";
import { describe, expect, it } from "vitest";
import * as z from "zod";

// The error body at the edge (docs/architecture.md, "Inputs and errors"): a reason is sent as the body's code with
// its code's status, so the wire is the same as when reasons were codes of their own.

const answer = (error: unknown) => {
  const res = errorResponse(error, "req-1");
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(String(res.body)) };
};

describe("errorResponse: reasons", () => {
  it.each([
    ["csv_missing_column", csvMissingColumn("m", { column: "a", mapping: "input", columns: ["b"] }), 400],
    ["project_required", projectRequired("m"), 400],
    ["csrf_failed", csrfFailed("m"), 403],
  ] as const)("sends %s as the code, with its code's status", (reason, error, status) => {
    expect(answer(error)).toMatchObject({ status, body: { error: { code: reason, message: "m" } } });
  });

  it("keeps a reason's details in the body", () => {
    const error = csvMissingColumn("m", { column: "a", mapping: "input", columns: ["b"] });
    expect(answer(error).body.error.details).toEqual({ column: "a", mapping: "input", columns: ["b"] });
  });

  it("sends the code itself when there is no reason", () => {
    expect(answer(new AppError("forbidden", "no")).body).toEqual({ error: { code: "forbidden", message: "no" } });
  });
});

describe("errorResponse: statuses and headers", () => {
  it("sends a rate limit's wait, rounded up, as Retry-After", () => {
    expect(answer(rateLimited("slow down", 1.2)).headers).toMatchObject({ "retry-after": "2" });
  });

  it("sends at least one second as Retry-After", () => {
    expect(answer(rateLimited("slow down", 0)).headers).toMatchObject({ "retry-after": "1" });
  });

  it("challenges a 401 with Basic", () => {
    expect(answer(new AppError("unauthorized", "who")).headers).toMatchObject({
      "www-authenticate": 'Basic realm="sightline"',
    });
  });

  it("sends a zod error as 400 invalid_input with its issues", () => {
    const error = z.object({ a: z.string() }).safeParse({}).error;
    expect(answer(error)).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_input", message: "Invalid request" } },
    });
  });

  it("hides anything else behind a 500", () => {
    expect(answer(new Error("secret"))).toMatchObject({
      status: 500,
      body: { error: { code: "internal_error", message: "Internal server error" } },
    });
  });

  it("names the request in x-request-id", () => {
    expect(answer(new AppError("not_found", "gone")).headers).toMatchObject({ "x-request-id": "req-1" });
  });
});
