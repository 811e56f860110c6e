import { type BuiltinPiiKind, compilePiiPolicy, type Masker } from "@core/ingest/pii";
import { describe, expect, it } from "vitest";

const masker = (...builtins: BuiltinPiiKind[]): Masker => compilePiiPolicy({ enabled: true, builtins, custom: [] })!;

const cases = (m: Masker, table: Array<[string, string]>) => {
  for (const [input, expected] of table) expect(m.mask(input), input).toBe(expected);
};

describe("built-in PII detectors", () => {
  it("masks email addresses", () => {
    cases(masker("email"), [
      ["write to john.doe+tag@example.co.uk today", "write to [REDACTED:email] today"],
      ["<a@b.io>, c_d@sub.domain.org.", "<[REDACTED:email]>, [REDACTED:email]."],
      ["user@localhost and @handle and a@b", "user@localhost and @handle and a@b"],
    ]);
  });

  it("masks Luhn-valid card numbers and leaves other digit runs", () => {
    cases(masker("credit_card"), [
      ["card 4111 1111 1111 1111 exp 12/29", "card [REDACTED:credit_card] exp 12/29"],
      ["5555-5555-5555-4444", "[REDACTED:credit_card]"],
      ["amex 378282246310005.", "amex [REDACTED:credit_card]."],
      ["4111 1111 1111 1112", "4111 1111 1111 1112"],
      ["order 4111111111111112", "order 4111111111111112"],
      ["epoch ms 1704067200000 and 17040672000000000", "epoch ms 1704067200000 and 17040672000000000"],
      ["411111111111111111111111", "411111111111111111111111"],
    ]);
  });

  it("masks IBANs whose mod-97 check passes", () => {
    cases(masker("iban"), [
      ["IBAN DE89 3704 0044 0532 0130 00, thanks", "IBAN [REDACTED:iban], thanks"],
      ["GB82WEST12345698765432", "[REDACTED:iban]"],
      ["NO9386011117947", "[REDACTED:iban]"],
      ["BE68 5390 0754 7034 ABCD", "[REDACTED:iban] ABCD"],
      ["DE89 3704 0044 0532 0130 01", "DE89 3704 0044 0532 0130 01"],
      ["GB82WEST12345698765433", "GB82WEST12345698765433"],
    ]);
  });

  it("masks IPv4 addresses with octets up to 255 only", () => {
    cases(masker("ipv4"), [
      ["from 192.168.0.1:8080 and 10.0.0.255", "from [REDACTED:ipv4]:8080 and [REDACTED:ipv4]"],
      ["999.1.1.1", "999.1.1.1"],
      ["256.10.10.10", "256.10.10.10"],
      ["1.2.3.4.5", "1.2.3.4.5"],
      ["version 1.2.3", "version 1.2.3"],
    ]);
  });

  it("masks full and compressed IPv6 addresses, not times or code", () => {
    cases(masker("ipv6"), [
      ["2001:0db8:85a3:0000:0000:8a2e:0370:7334", "[REDACTED:ipv6]"],
      ["peer fe80::1ff:fe23:4567:890a.", "peer [REDACTED:ipv6]."],
      ["2001:db8::1", "[REDACTED:ipv6]"],
      ["::ffff:192.0.2.128", "[REDACTED:ipv6]"],
      ["12:30:45", "12:30:45"],
      ["at 12:30:45.123 on 2024-01-02T12:30:45Z", "at 12:30:45.123 on 2024-01-02T12:30:45Z"],
      ["mac 00:1a:2b:3c:4d:5e", "mac 00:1a:2b:3c:4d:5e"],
      ["x[1::2] std::vector a::b", "x[1::2] std::vector a::b"],
      ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
    ]);
  });

  it("masks international and separated national phone numbers", () => {
    cases(masker("phone"), [
      ["call +44 20 7946 0958 now", "call [REDACTED:phone] now"],
      ["+1 (555) 123-4567", "[REDACTED:phone]"],
      ["+33612345678", "[REDACTED:phone]"],
      ["(555) 123-4567 or 555-123-4567 or 555.123.4567", "[REDACTED:phone] or [REDACTED:phone] or [REDACTED:phone]"],
      ["06 12 34 56 78", "[REDACTED:phone]"],
      ["030 1234567", "[REDACTED:phone]"],
    ]);
  });

  it("leaves dates, times, versions, amounts and short integers alone as phones", () => {
    cases(masker("phone"), [
      ["2024-01-02", "2024-01-02"],
      ["2024-01-02 12:30:45", "2024-01-02 12:30:45"],
      ["02.01.2024 and 2024/01/02", "02.01.2024 and 2024/01/02"],
      ["12:30:45", "12:30:45"],
      ["v10.0.19041.1234", "v10.0.19041.1234"],
      ["10.0.19041", "10.0.19041"],
      ["10 000 000 users", "10 000 000 users"],
      ["id 12345 and 555-1234", "id 12345 and 555-1234"],
      ["5551234567", "5551234567"],
    ]);
  });

  it("masks API keys and tokens", () => {
    cases(masker("secret"), [
      ["sk-proj-abcDEF1234567890abcdefXYZ", "[REDACTED:secret]"],
      ["key=sk-ant-api03-abcdefghijklmnop1234567890", "key=[REDACTED:secret]"],
      ["pk-lf-1234abcd-12ab-34cd-56ef-1234567890ab", "[REDACTED:secret]"],
      ["sk_live_abcdefghij0123456789", "[REDACTED:secret]"],
      ["ghp_abcdefghijklmnopqrstuvwxyz0123456789", "[REDACTED:secret]"],
      ["github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "[REDACTED:secret]"],
      ["xoxb-1234567890-abcdefghij", "[REDACTED:secret]"],
      ["AKIAIOSFODNN7EXAMPLE", "[REDACTED:secret]"],
      [`AIza${"Sy0123456789abcdefghijklmnopqrstuvw"}`, "[REDACTED:secret]"],
      [
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "[REDACTED:secret]",
      ],
      ["Authorization: Bearer abcdefghijklmnopqrstuvwxyz", "Authorization: Bearer [REDACTED:secret]"],
      ["md5 d41d8cd98f00b204e9800998ecf8427e", "md5 [REDACTED:secret]"],
      ["token Zx9Qm2Lp7Rt4Vw8Yb3Nc6Hd1Kf5Gj0Sa", "token [REDACTED:secret]"],
    ]);
  });

  it("leaves words, paths, identifiers, UUIDs and media that only look long", () => {
    cases(masker("secret"), [
      ["sk-learn and the task-manager-service-name", "sk-learn and the task-manager-service-name"],
      ["uuid 550e8400-e29b-41d4-a716-446655440000", "uuid 550e8400-e29b-41d4-a716-446655440000"],
      ["/usr/local/lib/node_modules/package123/dist/index", "/usr/local/lib/node_modules/package123/dist/index"],
      ["ThisIsAVeryLongIdentifierWithoutDigitsAtAll", "ThisIsAVeryLongIdentifierWithoutDigitsAtAll"],
      ["my_variable_name_with_number_1234567", "my_variable_name_with_number_1234567"],
      ["Bearer token", "Bearer token"],
    ]);
    const image = `data:image/png;base64,${"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ".repeat(20)}`;
    expect(masker("secret").mask(image)).toBe(image);
  });
});
