import { Button, Code, Paper, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { MediaRefs } from "./MediaRefs";

interface Message {
  role: string;
  content: unknown;
}

const isMessage = (m: unknown): m is Message =>
  typeof m === "object" && m !== null && typeof (m as Message).role === "string" && "content" in m;

/** Chat messages when the body is a list of `{role, content}` (or `{messages: [...]}`), null otherwise. */
export function asMessages(value: unknown): Message[] | null {
  const list = Array.isArray(value)
    ? value
    : typeof value === "object" && value !== null && Array.isArray((value as { messages?: unknown }).messages)
      ? (value as { messages: unknown[] }).messages
      : null;
  return list && list.length > 0 && list.every(isMessage) ? (list as Message[]) : null;
}

const LARGE = 20_000;

/**
 * An input or output: chat messages, plain text, or JSON, with the media its reference tokens name below it. A
 * shared link's page passes `media={false}`: it has no credentials to ask for media URLs (docs/media.md).
 */
export function Body({ value, label, media = true }: { value: unknown; label: string; media?: boolean }) {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  const body = <BodyText value={value} label={label} text={text} />;
  if (!media || !text?.includes("@@@langfuseMedia:")) return body;
  return (
    <Stack gap={6}>
      {body}
      <MediaRefs text={text} label={label} />
    </Stack>
  );
}

/** The body itself; a large one renders only on request. */
function BodyText({ value, label, text }: { value: unknown; label: string; text: string }): ReactNode {
  const [open, setOpen] = useState((text?.length ?? 0) <= LARGE);
  if (value === null || value === undefined)
    return (
      <Text c="dimmed" size="sm">
        No {label.toLowerCase()}
      </Text>
    );
  if (!open)
    return (
      <Button variant="light" size="xs" onClick={() => setOpen(true)}>
        Show {label.toLowerCase()} ({Math.round(text.length / 1024)} KB)
      </Button>
    );
  const messages = asMessages(value);
  if (messages)
    return (
      <Stack gap={6} data-testid={`${label.toLowerCase()}-messages`}>
        {messages.map((m, i) => (
          <Paper key={i} withBorder p="xs">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {m.role}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {typeof m.content === "string" ? m.content : JSON.stringify(m.content, null, 2)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  if (typeof value === "string")
    return (
      <Paper withBorder p="xs">
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {value}
        </Text>
      </Paper>
    );
  return (
    <Code block style={{ maxHeight: 400, overflow: "auto" }}>
      {text}
    </Code>
  );
}
