/**
 * Langfuse's `fields` parameters: comma-separated group names, unknown ones ignored as Langfuse does
 * (docs/langfuse.md). Answers the named groups that are known, in no particular order.
 */
export function namedGroups<G extends string>(value: string | undefined, known: readonly G[]): G[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s): s is G => (known as readonly string[]).includes(s));
}
