import { Button, Group, Paper, SegmentedControl, Stack, TagsInput, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { send } from "../api";
import type { ChatMessage, PromptDetail } from "../types";
import { ChatMessagesEditor } from "./ChatMessagesEditor";
import { JsonField, parseJson } from "./JsonField";
import { ErrorNote } from "./States";

export interface PromptDraft {
  type: "TEXT" | "CHAT";
  content: string | ChatMessage[];
  config: Record<string, unknown>;
}

/**
 * Saves the next version of a prompt (`POST /v1/prompts`): the raw body with its `@@@servicePrompt:…@@@` includes as
 * written, config JSON, labels to move and a commit message. The API's refusal (a broken include names its path in
 * `details.path`) shows under the form (docs/console.md, "Editing").
 */
export function PromptEditor({
  name,
  initial,
  knownLabels,
  onSaved,
  onCancel,
}: {
  name?: string;
  initial?: PromptDraft;
  knownLabels: string[];
  onSaved: (saved: PromptDetail) => void;
  onCancel?: () => void;
}) {
  const [newName, setNewName] = useState("");
  const [folder, setFolder] = useState("");
  const [type, setType] = useState<"TEXT" | "CHAT">(initial?.type ?? "TEXT");
  const [text, setText] = useState(typeof initial?.content === "string" ? initial.content : "");
  const [chat, setChat] = useState<ChatMessage[]>(
    Array.isArray(initial?.content) ? initial.content : [{ role: "system", content: "" }],
  );
  const [config, setConfig] = useState(
    initial && Object.keys(initial.config).length > 0 ? JSON.stringify(initial.config, null, 2) : "",
  );
  const [labels, setLabels] = useState<string[]>([]);
  const [commitMessage, setCommitMessage] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) => send<PromptDetail>("POST", "/v1/prompts", body),
    onSuccess: onSaved,
  });

  const submit = () => {
    setFormError(null);
    const cfg = parseJson(config);
    if (cfg.error) return setFormError("Config is not valid JSON");
    save.mutate({
      name: name ?? newName.trim(),
      ...(name === undefined && folder.trim() ? { folder: folder.trim() } : {}),
      type,
      content: type === "TEXT" ? text : chat,
      config: cfg.value ?? {},
      labels,
      ...(commitMessage.trim() ? { commitMessage: commitMessage.trim() } : {}),
    });
  };

  return (
    <Paper withBorder p="sm" data-testid="prompt-editor">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          <Text fw={600}>{name === undefined ? "New prompt" : `New version of ${name}`}</Text>
          {name === undefined && (
            <Group>
              <TextInput
                label="Name"
                size="xs"
                required
                value={newName}
                onChange={(e) => setNewName(e.currentTarget.value)}
                placeholder="support-answer"
              />
              <TextInput
                label="Folder (optional)"
                size="xs"
                value={folder}
                onChange={(e) => setFolder(e.currentTarget.value)}
              />
            </Group>
          )}
          <SegmentedControl
            size="xs"
            w={160}
            aria-label="Prompt type"
            data={["TEXT", "CHAT"]}
            value={type}
            onChange={(v) => setType(v as "TEXT" | "CHAT")}
          />
          {type === "TEXT" ? (
            <Textarea
              label="Body"
              description="{{variable}} for variables; @@@servicePrompt:name=<prompt>|label=<label>@@@ (or |version=<n>) includes a TEXT prompt"
              size="xs"
              autosize
              minRows={4}
              maxRows={20}
              spellCheck={false}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          ) : (
            <ChatMessagesEditor value={chat} onChange={setChat} />
          )}
          <JsonField
            label="Config (JSON object)"
            value={config}
            onChange={setConfig}
            placeholder='{"model":"gpt-4o-mini","temperature":0.2}'
            minRows={2}
          />
          <Group align="end">
            <TagsInput
              label="Labels to set on save"
              size="xs"
              w={320}
              data={knownLabels}
              value={labels}
              onChange={setLabels}
              placeholder="production, staging…"
              description="latest always moves to the new version"
            />
            <TextInput
              label="Commit message"
              size="xs"
              w={320}
              value={commitMessage}
              onChange={(e) => setCommitMessage(e.currentTarget.value)}
            />
          </Group>
          <Group>
            <Button type="submit" size="xs" loading={save.isPending} disabled={name === undefined && !newName.trim()}>
              Save version
            </Button>
            {onCancel && (
              <Button size="xs" variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Group>
          {formError && (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          )}
          <ErrorNote error={save.error} />
        </Stack>
      </form>
    </Paper>
  );
}
