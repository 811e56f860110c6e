import { emailsIn } from "@core/comments";
import { describe, expect, it } from "vitest";

/** Which `@<email>` of a comment's body mention someone (docs/comments.md, "Mentions"). */
describe("emailsIn", () => {
  it.each([
    ["@ana@example.com please look", ["ana@example.com"]],
    ["cc @Ana@Example.com, @bo.b+x@sub.example.org.", ["ana@example.com", "bo.b+x@sub.example.org"]],
    ["(@ana@example.com) and [@bo@example.com]", ["ana@example.com", "bo@example.com"]],
    ["mail ana@example.com or write to x@ana@example.com", []],
    ["@ana without a domain, @@ana@example.com", []],
    ["line one\n@ana@example.com on line two", ["ana@example.com"]],
  ])("%j mentions %j", (body, emails) => {
    expect(emailsIn(body)).toEqual(emails);
  });
});
