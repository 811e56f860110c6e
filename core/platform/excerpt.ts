/** Characters kept of a remote party's answer wherever it is shown back (docs/outbound.md). */
export const EXCERPT_CHARS = 200;

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates that can disguise text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this strips.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/g;

/**
 * A short, bounded, control-character-free excerpt of text received from outside: unsafe characters and
 * runs of whitespace become one space, and anything past `max` characters is cut with an ellipsis.
 */
export function safeExcerpt(text: string, max = EXCERPT_CHARS): string {
  const clean = [
    ...text
      .slice(0, max * 4)
      .replace(UNSAFE, " ")
      .replace(/\s+/g, " ")
      .trim(),
  ];
  // Cut by code points, so a surrogate pair is never split.
  return clean.length > max ? `${clean.slice(0, max).join("")}…` : clean.join("");
}
