import { Textarea } from "@mantine/core";

/** The parsed value of a JSON text box: `undefined` when empty, or the parse error's message. */
export function parseJson(text: string): { value?: unknown; error?: string } {
  if (!text.trim()) return {};
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** A JSON editor: a monospace text box that names its parse error under itself while the text is not JSON. */
export function JsonField({
  label,
  value,
  onChange,
  placeholder,
  minRows = 3,
  description,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  minRows?: number;
  description?: string;
}) {
  const { error } = parseJson(value);
  return (
    <Textarea
      label={label}
      description={description}
      size="xs"
      autosize
      minRows={minRows}
      maxRows={16}
      spellCheck={false}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      placeholder={placeholder}
      value={value}
      error={error ? `Not JSON: ${error}` : undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
