import { BUILTIN_PII_KINDS, compilePiiPolicy, PiiPolicy } from "@core/ingest/pii";
import { describe, expect, it } from "vitest";

const all = { enabled: true, builtins: [...BUILTIN_PII_KINDS], custom: [] };

describe("PiiPolicy", () => {
  it("defaults the lists", () => {
    expect(PiiPolicy.parse({ enabled: false })).toEqual({ enabled: false, builtins: [], custom: [] });
  });

  it("names the custom pattern that does not compile", () => {
    const result = PiiPolicy.safeParse({
      enabled: true,
      custom: [
        { name: "ok", pattern: "a+" },
        { name: "bad", pattern: "(a" },
      ],
    });

    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ["custom", 1, "pattern"],
        message: "custom[1].pattern is not a valid regular expression",
      }),
    ]);
  });

  it("caps pattern length and rule count, and rejects unknown builtins", () => {
    const rule = (i: number) => ({ name: `r${i}`, pattern: "x" });

    expect(PiiPolicy.safeParse({ enabled: true, custom: [{ name: "long", pattern: "a".repeat(501) }] }).success).toBe(
      false,
    );
    expect(PiiPolicy.safeParse({ enabled: true, custom: Array.from({ length: 51 }, (_, i) => rule(i)) }).success).toBe(
      false,
    );
    expect(PiiPolicy.safeParse({ enabled: true, custom: Array.from({ length: 50 }, (_, i) => rule(i)) }).success).toBe(
      true,
    );
    expect(PiiPolicy.safeParse({ enabled: true, builtins: ["ssn"] }).success).toBe(false);
  });
});

describe("compilePiiPolicy", () => {
  it("returns no masker when disabled or empty, so masking is the identity", () => {
    expect(compilePiiPolicy({ ...all, enabled: false })).toBeNull();
    expect(compilePiiPolicy({ enabled: true, builtins: [], custom: [] })).toBeNull();
    expect(compilePiiPolicy(null)).toBeNull();
  });

  it("applies custom rules with their replacement or a named token", () => {
    const masker = compilePiiPolicy({
      enabled: true,
      builtins: [],
      custom: [
        { name: "ticket", pattern: String.raw`TICKET-\d+` },
        { name: "employee", pattern: String.raw`EMP\d{4}`, replacement: "<employee>" },
        { name: "dollar", pattern: "secret", replacement: "$& $1" },
      ],
    })!;

    expect(masker.mask("TICKET-42 by EMP1234 (secret)")).toBe("[REDACTED:ticket] by <employee> ($& $1)");
  });

  it("skips custom patterns that do not compile or match the empty string", () => {
    const masker = compilePiiPolicy({
      enabled: true,
      builtins: ["email"],
      custom: [
        { name: "bad", pattern: "(" },
        { name: "empty", pattern: "x*" },
      ],
    })!;

    expect(masker.mask("a@b.io yz")).toBe("[REDACTED:email] yz");
  });

  it("walks nested objects and arrays, masking values but never keys", () => {
    const masker = compilePiiPolicy(all)!;
    const input = {
      "jane@example.com": "jane@example.com",
      messages: [{ role: "user", content: ["call +44 20 7946 0958", 42, null, true] }],
      meta: { ip: "10.0.0.1", nested: { deeper: ["4111 1111 1111 1111"] } },
    };

    const output = masker.mask(input);

    expect(output).toEqual({
      "jane@example.com": "[REDACTED:email]",
      messages: [{ role: "user", content: ["call [REDACTED:phone]", 42, null, true] }],
      meta: { ip: "[REDACTED:ipv4]", nested: { deeper: ["[REDACTED:credit_card]"] } },
    });
    expect(input.meta.ip).toBe("10.0.0.1");
  });

  it("keeps a parsed __proto__ key as data", () => {
    const masker = compilePiiPolicy(all)!;

    const output = masker.mask(JSON.parse('{"__proto__": {"email": "a@b.io"}}')) as Record<string, unknown>;

    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, "__proto__")?.value).toEqual({ email: "[REDACTED:email]" });
  });

  it("masks values nested far deeper than the call stack allows", () => {
    const masker = compilePiiPolicy(all)!;
    let deep: unknown = "reach me at deep@example.com";
    for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? [deep] : { next: deep };

    let output = masker.mask(deep);

    for (let i = 0; i < 100_000; i++) output = Array.isArray(output) ? output[0] : (output as { next: unknown }).next;
    expect(output).toBe("reach me at [REDACTED:email]");
  });

  it("masks what a replacement completes for an earlier rule", () => {
    const masker = compilePiiPolicy({
      enabled: true,
      builtins: ["email"],
      custom: [{ name: "num", pattern: String.raw`\d+` }],
    })!;

    expect(masker.mask("a@b.com4111")).toBe("[REDACTED:email][REDACTED:num]");
  });

  it("passes non-string scalars through", () => {
    const masker = compilePiiPolicy(all)!;

    expect([42, null, true, undefined].map((v) => masker.mask(v))).toEqual([42, null, true, undefined]);
  });
});

describe("masking values without PII", () => {
  const masker = compilePiiPolicy(all)!;

  it("answers the value itself when nothing in it is PII, and a copy that leaves the input alone when something is", () => {
    const clean = { messages: [{ role: "user", content: "What is the capital of France?" }], n: 3 };
    const dirty = { messages: [{ role: "user", content: "mail me at ada@example.com" }], n: 3 };
    const before = structuredClone(dirty);

    const maskedClean = masker.mask(clean);
    const maskedDirty = masker.mask(dirty);

    expect(maskedClean).toBe(clean);
    expect(maskedDirty).not.toBe(dirty);
    expect(maskedDirty).toEqual({ messages: [{ role: "user", content: "mail me at [REDACTED:email]" }], n: 3 });
    expect(dirty).toEqual(before);
  });

  it("finds PII past clean strings, in nested and shared containers", () => {
    const shared = { note: "call +44 20 7946 0958" };
    const value = { a: "clean", b: [shared, { c: "still clean" }], d: shared };

    const masked = masker.mask(value) as { b: [{ note: string }]; d: { note: string } };

    expect(masked.b[0].note).toBe("call [REDACTED:phone]");
    expect(masked.d).toBe(masked.b[0]);
  });
});
