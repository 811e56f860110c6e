import { Badge, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, send } from "../api";
import { fmtDate } from "../format";
import type { Comment, Page } from "../types";
import { Markdown } from "./Markdown";
import { ErrorNote, Loading } from "./States";

export type CommentObject = "TRACE" | "OBSERVATION" | "SESSION" | "PROMPT";

const MAX_CHARS = 5000;
const NOUN: Record<CommentObject, string> = {
  TRACE: "trace",
  OBSERVATION: "observation",
  SESSION: "session",
  PROMPT: "prompt version",
};

/**
 * The comments on one object (docs/comments.md): markdown rendered without raw HTML, a form to add one (`@email`
 * mentions a member), and edit and delete on the caller's own comments.
 */
export function CommentThread({ objectType, objectId }: { objectType: CommentObject; objectId: string }) {
  const key = ["comments", objectType, objectId];
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: key,
    queryFn: () => get<Page<Comment>>("/v1/comments", { objectType, objectId, limit: 1000 }),
  });
  const [draft, setDraft] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () => send<Comment>("POST", "/v1/comments", { objectType, objectId, body: draft }),
    onSuccess: () => {
      setDraft("");
      return refresh();
    },
  });

  return (
    <Paper withBorder p="sm" data-testid={`comments-${objectType.toLowerCase()}`}>
      <Group gap="xs" mb="xs">
        <Text fw={600}>Comments</Text>
        {thread.data && (
          <Badge size="sm" variant="light">
            {thread.data.data.length}
          </Badge>
        )}
      </Group>
      {thread.isPending && <Loading label="Loading comments" />}
      <ErrorNote error={thread.error} />
      <Stack gap="xs">
        {thread.data?.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No comments on this {NOUN[objectType]} yet.
          </Text>
        )}
        {thread.data?.data.map((c) => (
          <CommentItem key={c.id} comment={c} onChange={refresh} />
        ))}
        <Textarea
          aria-label="New comment"
          placeholder={`Comment on this ${NOUN[objectType]} (markdown; @email mentions a member)`}
          autosize
          minRows={2}
          maxLength={MAX_CHARS}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        <ErrorNote error={add.error} />
        <Group justify="flex-end">
          <Button size="xs" onClick={() => add.mutate()} loading={add.isPending} disabled={draft.trim() === ""}>
            Comment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CommentItem({ comment, onChange }: { comment: Comment; onChange: () => unknown }) {
  const [editing, setEditing] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => send("PATCH", `/v1/comments/${encodeURIComponent(comment.id)}`, { body: editing }),
    onSuccess: () => {
      setEditing(null);
      return onChange();
    },
  });
  const remove = useMutation({
    mutationFn: () => send("DELETE", `/v1/comments/${encodeURIComponent(comment.id)}`),
    onSuccess: onChange,
  });
  const who = comment.author.email ?? `API key ${comment.author.id.slice(0, 8)}`;
  return (
    <Paper withBorder p="xs" data-testid="comment">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          <b>{who}</b> · {fmtDate(comment.createdAt)}
          {comment.updatedAt !== comment.createdAt ? " · edited" : ""}
        </Text>
        {comment.own && editing === null && (
          <Group gap={4}>
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing(comment.body)}>
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => window.confirm("Delete this comment?") && remove.mutate()}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {editing === null ? (
        <Markdown text={comment.body} />
      ) : (
        <Stack gap={4} mt={4}>
          <Textarea
            aria-label="Edit comment"
            autosize
            minRows={2}
            maxLength={MAX_CHARS}
            value={editing}
            onChange={(e) => setEditing(e.currentTarget.value)}
          />
          <Group gap={4} justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button
              size="compact-xs"
              loading={save.isPending}
              disabled={editing.trim() === ""}
              onClick={() => save.mutate()}
            >
              Save
            </Button>
          </Group>
        </Stack>
      )}
      {comment.mentions.length > 0 && (
        <Group gap={4} mt={4}>
          {comment.mentions.map((m) => (
            <Badge key={m.userId} size="xs" variant="outline">
              @{m.email}
            </Badge>
          ))}
        </Group>
      )}
      <ErrorNote error={save.error ?? remove.error} />
    </Paper>
  );
}
