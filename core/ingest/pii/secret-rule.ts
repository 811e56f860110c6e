import { type MaskRule, token } from "./mask-rule";

// Vendor formats with a recognisable prefix; `(?<![\w-])` keeps them from starting mid-word.
const KNOWN = [
  String.raw`(?<![\w-])(?<keyish>(?:sk|pk)-[A-Za-z0-9_-]{16,})`,
  String.raw`(?<![\w-])(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}`,
  String.raw`(?<!\w)gh[pousr]_[A-Za-z0-9]{30,}`,
  String.raw`(?<!\w)github_pat_\w{22,}`,
  String.raw`(?<![\w-])xox[bpars]-[A-Za-z0-9-]{10,}`,
  String.raw`(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])`,
  String.raw`(?<![\w-])AIza[\w-]{35}(?![\w-])`,
  String.raw`(?<![\w-])eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*`,
  String.raw`(?<=\b[Bb]earer\s+)[\w.~+/-]{16,}=*`,
];
// Up to 512 characters: longer base64 is media (data: URLs), not a credential.
const BLOB = String.raw`(?<![\w+/=-])(?<!base64,)(?<blob>[\w+/-]{32,512}={0,2})(?![\w+/=-])`;

// Every form above spans at least 15 token characters in a row; prose rarely does.
const TOKEN_RUN = /[\w+/=.~-]{15}/;

/**
 * API keys, tokens and key-like blobs. Blobs need digits and letters plus a
 * random look (entropy, few separators), so paths, identifiers and UUIDs stay.
 */
export const secretRule: MaskRule = {
  name: "secret",
  regex: new RegExp([...KNOWN, BLOB].join("|"), "g"),
  mayMatch: (text) => text.length >= 15 && TOKEN_RUN.test(text),
  redact: (candidate, groups) => {
    if (groups?.keyish !== undefined && !/\d/.test(candidate)) return candidate;
    if (groups?.blob !== undefined && !looksRandom(candidate)) return candidate;
    return token("secret");
  },
};

function looksRandom(candidate: string): boolean {
  const text = candidate.replace(/=+$/, "");
  if (!/\d/.test(text) || !/[A-Za-z]/.test(text)) return false;
  if (/^(?:[0-9a-f]+|[0-9A-F]+)$/.test(text)) return entropy(text) >= 3;
  const separators = text.length - text.replace(/[+/_-]/g, "").length;
  if (separators * 16 > text.length) return false;
  return /[a-z]/.test(text) && /[A-Z]/.test(text) && entropy(text) >= 4;
}

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
