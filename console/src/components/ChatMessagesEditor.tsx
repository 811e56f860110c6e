import { ActionIcon, Autocomplete, Button, Group, Paper, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { ChatMessage } from "../types";

const ROLES = ["system", "user", "assistant"];
const isSlot = (m: ChatMessage): m is Extract<ChatMessage, { type: "placeholder" }> =>
  "type" in m && m.type === "placeholder";

/** A CHAT prompt's entries, one row each: a message (role and content) or a placeholder slot filled at compile. */
export function ChatMessagesEditor({
  value,
  onChange,
}: {
  value: ChatMessage[];
  onChange: (v: ChatMessage[]) => void;
}) {
  const put = (i: number, entry: ChatMessage) => onChange(value.map((m, j) => (j === i ? entry : m)));
  const move = (i: number, by: number) => {
    const next = [...value];
    const [m] = next.splice(i, 1);
    next.splice(i + by, 0, m!);
    onChange(next);
  };
  return (
    <Stack gap={6} data-testid="chat-messages">
      <Text size="xs" fw={500}>
        Messages
      </Text>
      {value.map((m, i) => (
        <Paper key={i} withBorder p={6}>
          <Group align="start" gap="xs" wrap="nowrap">
            {isSlot(m) ? (
              <TextInput
                label={`Placeholder ${i + 1}`}
                size="xs"
                w={240}
                value={m.name}
                onChange={(e) => put(i, { type: "placeholder", name: e.currentTarget.value })}
              />
            ) : (
              <>
                <Autocomplete
                  label={`Role ${i + 1}`}
                  size="xs"
                  w={120}
                  data={ROLES}
                  value={"role" in m ? m.role : ""}
                  onChange={(role) => put(i, { role, content: "content" in m ? m.content : "" })}
                />
                <Textarea
                  label={`Content ${i + 1}`}
                  size="xs"
                  style={{ flex: 1 }}
                  autosize
                  minRows={1}
                  maxRows={12}
                  value={"content" in m ? m.content : ""}
                  onChange={(e) => put(i, { role: "role" in m ? m.role : "", content: e.currentTarget.value })}
                />
              </>
            )}
            <Group gap={2} mt={22} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Move entry ${i + 1} up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Move entry ${i + 1} down`}
                disabled={i === value.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Remove entry ${i + 1}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onChange([...value, { role: value.length === 0 ? "system" : "user", content: "" }])}
        >
          Add message
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onChange([...value, { type: "placeholder", name: "" }])}
        >
          Add placeholder
        </Button>
      </Group>
    </Stack>
  );
}
