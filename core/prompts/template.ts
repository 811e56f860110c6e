import type { ChatEntry, PromptContent } from "./prompts.schema";

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

type Variables = Record<string, string | number | boolean>;
type Message = { role: string; content: string };

/**
 * Replaces each `{{name}}` that `variables` holds (own keys only); an unknown one is
 * left exactly as written. One pass: substituted values are not scanned again.
 */
export function substitute(text: string, variables: Variables): string {
  return text.replace(VARIABLE, (written, name: string) =>
    Object.hasOwn(variables, name) ? String(variables[name]) : written,
  );
}

/** `{{variable}}` names of a body, in order of first appearance. */
export function variablesOf(content: PromptContent): string[] {
  const names = new Set<string>();
  const texts = typeof content === "string" ? [content] : content.flatMap((e) => ("role" in e ? [e.content] : []));
  for (const text of texts) for (const m of text.matchAll(VARIABLE)) names.add(m[1]!);
  return [...names];
}

/** Placeholder slot names of a CHAT body, in order, each once; none for TEXT. */
export function placeholdersOf(content: PromptContent): string[] {
  if (typeof content === "string") return [];
  return [...new Set(content.flatMap((e) => ("role" in e ? [] : [e.name])))];
}

/**
 * TEXT: the string with variables substituted. CHAT: each slot replaced by the messages
 * given for it (an unfilled slot is removed), then variables substituted in every
 * message, inserted ones included, as Langfuse's client does.
 */
export function compileContent(
  content: PromptContent,
  variables: Variables,
  placeholders: Record<string, Message[]>,
): string | Message[] {
  if (typeof content === "string") return substitute(content, variables);
  return content
    .flatMap((e: ChatEntry): Message[] =>
      "role" in e ? [e] : Object.hasOwn(placeholders, e.name) ? placeholders[e.name]! : [],
    )
    .map((m) => ({ role: m.role, content: substitute(m.content, variables) }));
}
