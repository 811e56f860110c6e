import { BUILTIN_PII_KINDS, compilePiiPolicy } from "@core/ingest/pii";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const masker = compilePiiPolicy({
  enabled: true,
  builtins: [...BUILTIN_PII_KINDS],
  custom: [{ name: "ticket", pattern: String.raw`TICKET-\d+` }],
})!;

// Random strings rarely contain PII; mix in real samples and the characters detectors key on.
const FRAGMENTS = [
  "jane@example.com",
  "4111 1111 1111 1111",
  "4111-1111-1111-1112",
  "DE89 3704 0044 0532 0130 00",
  "192.168.0.1",
  "999.1.1.1",
  "fe80::1",
  "2001:db8::1",
  "12:30:45",
  "2024-01-02",
  "+44 20 7946 0958",
  "555-123-4567",
  "sk-proj-abcDEF1234567890abcdefXYZ",
  "Bearer abcdefghijklmnopqrstuvwxyz",
  "d41d8cd98f00b204e9800998ecf8427e",
  "TICKET-7",
  "[REDACTED:email]",
  "@",
  ".",
  ":",
  "::",
  "-",
  " ",
  "+",
  "0",
  "9",
  "A",
  "z",
  "=",
];
const piiText = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 6 }), fc.nat().map(String)), { maxLength: 12 })
  .map((parts) => parts.join(""));

const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    piiText,
    fc.string(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("json"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), piiText), tie("json"), { maxKeys: 4 }),
  ),
}));

describe("masking properties", () => {
  it("never throws on arbitrary JSON and is idempotent", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = masker.mask(value);
        expect(masker.mask(once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on JSON full of near-PII and is idempotent", () => {
    fc.assert(
      fc.property(json, (value) => {
        const once = masker.mask(value);
        expect(masker.mask(once)).toEqual(once);
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps the shape: same keys, same non-string values", () => {
    fc.assert(
      fc.property(json, (value) => {
        const strip = (v: unknown) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === "string" ? "" : x)));
        expect(strip(masker.mask(value))).toEqual(strip(value));
      }),
      { numRuns: 300 },
    );
  });
});
