import { copiedFields } from "@core/datasets";
import { describe, expect, it } from "vitest";

const source = (fields: { input?: unknown; output?: unknown; metadata?: unknown }) => ({
  traceId: "t",
  observationId: null,
  userId: null,
  input: null,
  output: null,
  metadata: null,
  ...fields,
});

/* What an item copied from a trace or an observation takes (docs/datasets.md, "From traces"). */
describe("fields copied from a trace or an observation", () => {
  it.each([
    [
      "an object input and a string output",
      { input: { q: "hi" }, output: "hello" },
      { input: { q: "hi" }, expectedOutput: "hello", metadata: null },
    ],
    [
      "chat messages in, a message out",
      { input: [{ role: "user", content: "hi" }], output: { role: "assistant", content: "hello" } },
      {
        input: [{ role: "user", content: "hi" }],
        expectedOutput: { role: "assistant", content: "hello" },
        metadata: null,
      },
    ],
    [
      "object metadata as it is",
      { input: "q", metadata: { step: 1 } },
      { input: "q", expectedOutput: null, metadata: { step: 1 } },
    ],
    [
      "string metadata as {value}",
      { input: "q", metadata: "plain" },
      { input: "q", expectedOutput: null, metadata: { value: "plain" } },
    ],
    [
      "array metadata as {value}",
      { input: "q", metadata: [1, 2] },
      { input: "q", expectedOutput: null, metadata: { value: [1, 2] } },
    ],
    ["no input: left null, for the item checks to refuse", {}, { input: null, expectedOutput: null, metadata: null }],
  ])("copies %s", (_, stored, item) => {
    expect(copiedFields(source(stored))).toEqual(item);
  });
});
