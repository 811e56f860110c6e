/** A message of a CHAT prompt. */
export interface ChatMessage {
  role: string;
  content: string;
}
/** A slot of a CHAT prompt that `placeholders` fills with messages at compile time. */
export interface PlaceholderSlot {
  type: "placeholder";
  name: string;
}
export type PromptContent = string | (ChatMessage | PlaceholderSlot)[];
export type PromptVariables = Record<string, string | number | boolean>;

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const own = (o: object, key: string) => Object.hasOwn(o, key);

/**
 * Replaces each `{{name}}` that `variables` holds (own keys only, so `{{constructor}}` stays); an
 * unknown one is left exactly as written. One pass: substituted values are not scanned again.
 */
function substitute(text: string, variables: PromptVariables): string {
  return text.replace(VARIABLE, (written, name: string) => (own(variables, name) ? String(variables[name]) : written));
}

/**
 * The service's compile rule, run locally (the same answer as `POST /v1/prompts/{name}/compile`'s
 * `compiled`): TEXT gets its variables substituted; CHAT gets each slot replaced by the messages given
 * for it (an unfilled slot is removed), then variables substituted in every message, inserted ones included.
 */
export function compilePrompt(content: string, variables?: PromptVariables): string;
export function compilePrompt(
  content: (ChatMessage | PlaceholderSlot)[],
  variables?: PromptVariables,
  placeholders?: Record<string, ChatMessage[]>,
): ChatMessage[];
export function compilePrompt(
  content: PromptContent,
  variables?: PromptVariables,
  placeholders?: Record<string, ChatMessage[]>,
): string | ChatMessage[];
export function compilePrompt(
  content: PromptContent,
  variables: PromptVariables = {},
  placeholders: Record<string, ChatMessage[]> = {},
): string | ChatMessage[] {
  if (typeof content === "string") return substitute(content, variables);
  return content
    .flatMap((entry): ChatMessage[] =>
      "role" in entry ? [entry] : own(placeholders, entry.name) ? placeholders[entry.name]! : [],
    )
    .map((m) => ({ role: m.role, content: substitute(m.content, variables) }));
}
