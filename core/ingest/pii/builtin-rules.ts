import { passesIbanMod97, passesLuhn } from "./checksums";
import { type MaskRule, token } from "./mask-rule";
import type { BuiltinPiiKind } from "./pii.schema";
import { secretRule } from "./secret-rule";

const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const IPV4_EXACT = new RegExp(`^${IPV4}$`);

const digitCount = (s: string) => s.replace(/\D/g, "").length;
const accept = (name: string, ok: (candidate: string) => boolean) => (candidate: string) =>
  ok(candidate) ? token(name) : candidate;

// Lookbehinds pin every candidate to the start of its token: a run is judged whole, never from its middle.
const email: MaskRule = {
  name: "email",
  regex: /(?<![\w.%+-])[\w.%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,63}(?![\w-])/g,
  mayMatch: (text) => text.includes("@"),
  redact: () => token("email"),
};

// A leading 2–6 keeps millisecond and nanosecond epochs (which start with 1) from passing as cards.
const creditCard: MaskRule = {
  name: "credit_card",
  regex: /(?<!\w|\d[ -])[2-6]\d(?:[ -]?\d){11,17}(?!\w|[ -]\d)/g,
  mayMatch: (_, digits) => digits >= 13,
  redact: accept("credit_card", passesLuhn),
};

// Groups of four (printed form) or none (electronic form), upper case as issued.
const iban: MaskRule = {
  name: "iban",
  regex: /(?<!\w)[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?!\w)/g,
  mayMatch: (text, digits) => digits >= 2 && text.length >= 15,
  redact: redactIban,
};

/** The candidate may run into a following upper-case word ("… 7034 ABCD"): try shorter group prefixes too. */
function redactIban(candidate: string): string {
  const parts = candidate.split(" ");
  for (let n = parts.length; n >= 1; n--) {
    const head = parts.slice(0, n).join(" ");
    const compact = head.replaceAll(" ", "");
    if (compact.length < 15) break;
    if (compact.length <= 34 && passesIbanMod97(compact)) return token("iban") + candidate.slice(head.length);
  }
  return candidate;
}

const ipv4: MaskRule = {
  name: "ipv4",
  regex: new RegExp(String.raw`(?<![\w.])${IPV4}(?!\w|\.\d)`, "g"),
  mayMatch: (text, digits) => digits >= 4 && text.includes("."),
  redact: () => token("ipv4"),
};

const ipv6: MaskRule = {
  name: "ipv6",
  regex: /(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:\.\d{1,3}){0,3}(?![\w:]|\.\d)/g,
  mayMatch: (text) => text.includes(":"),
  redact: accept("ipv6", isIpv6),
};

const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

/**
 * Full eight-group form, or `::`-compressed. Compressed forms must look like an
 * address rather than code: two groups or more, a long or a third group, and a
 * digit — so `a[1::2]`, `std::`, `::1` and `dead::beef` are left alone.
 */
function isIpv6(candidate: string): boolean {
  let text = candidate;
  if (text.includes(".")) {
    const cut = text.lastIndexOf(":");
    if (!IPV4_EXACT.test(text.slice(cut + 1))) return false;
    text = `${text.slice(0, cut + 1)}0:0`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groupsOf = (s: string) => (s === "" ? [] : s.split(":"));
  const groups = halves.flatMap(groupsOf);
  if (!groups.every((g) => HEX_GROUP.test(g))) return false;
  if (halves.length === 1) return groups.length === 8;
  if (groups.length > 7) return false;
  const explicit = candidate.split(/::|:/).filter((g) => g !== "");
  return explicit.length >= 2 && (explicit.length >= 3 || explicit.some((g) => g.length >= 3)) && /\d/.test(candidate);
}

// International (+CC …) or national with at least one separator: bare digit runs are ids, not phones.
const phone: MaskRule = {
  name: "phone",
  regex: /(?<![\w+.\-/])(?:\+\d[\d ().-]{5,22}\d|(?:\(\d{2,5}\) ?|\d{2,5}[ .-])\d[\d .-]{3,14}\d)(?!\w|[.\-/:]\d)/g,
  mayMatch: (_, digits) => digits >= 7,
  redact: accept("phone", isPhone),
};

const DATE = /^(?:\d{4}([-./ ])\d{1,2}\1\d{1,2}|\d{1,2}([-./ ])\d{1,2}\2\d{2,4})$/;
const THOUSANDS = /^\d{1,3}(?:([ .,])\d{3})(?:\1\d{3})*$/;

function isPhone(candidate: string): boolean {
  const digits = digitCount(candidate);
  if (digits < 7 || digits > 15) return false;
  if (DATE.test(candidate) || THOUSANDS.test(candidate)) return false;
  // Dots make versions and addresses; only the North American 555.123.4567 form uses them alone.
  if (!candidate.startsWith("+") && candidate.includes(".")) return /^\d{3}\.\d{3}\.\d{4}$/.test(candidate);
  return true;
}

export const BUILTIN_RULES: Record<BuiltinPiiKind, MaskRule> = {
  email,
  secret: secretRule,
  credit_card: creditCard,
  iban,
  ipv6,
  ipv4,
  phone,
};
