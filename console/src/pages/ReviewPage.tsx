import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Kbd,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { get, seg, send } from "../api";
import { Body } from "../components/Body";
import { Empty, ErrorNote, Loading } from "../components/States";
import { AddTracesForm } from "../forms/AddTracesForm";
import type { Page, ReviewItem, ReviewQueue } from "../types";

/** The value each digit key picks for the queue's data type: labels in order, or true/false. */
export function choices(q: ReviewQueue): { label: string; value: string | boolean }[] {
  if (q.dataType === "CATEGORICAL") return q.categories.map((c) => ({ label: c, value: c }));
  if (q.dataType === "BOOLEAN")
    return [
      { label: "true", value: true },
      { label: "false", value: false },
    ];
  return [];
}

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable);

/** Works through a queue's pending items: 1–9 pick, j/k move, Enter submits the ANNOTATION score (docs/console.md, "Keyboard"). */
export default function ReviewPage() {
  const { queue = "" } = useParams();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ["review-queue", queue],
    queryFn: () => get<ReviewQueue>(`/v1/review-queues/${seg(queue)}`),
  });
  const items = useQuery({
    queryKey: ["review-items", queue],
    queryFn: () => get<Page<ReviewItem>>(`/v1/review-queues/${seg(queue)}/items`, { status: "pending", limit: 100 }),
  });
  const [index, setIndex] = useState(0);
  const [value, setValue] = useState<string | number | boolean | null>(null);
  const [comment, setComment] = useState("");
  const list = items.data?.data ?? [];
  const item = list[Math.min(index, Math.max(0, list.length - 1))];
  const submit = useMutation({
    mutationFn: () =>
      send("POST", `/v1/review-queues/${seg(queue)}/items/${seg(item!.id)}/score`, {
        value,
        comment: comment.trim() || null,
      }),
    onSuccess: () => {
      setValue(null);
      setComment("");
      void queryClient.invalidateQueries({ queryKey: ["review-items", queue] });
      void queryClient.invalidateQueries({ queryKey: ["review-queue", queue] });
      void queryClient.invalidateQueries({ queryKey: ["trace", item?.traceId] });
    },
  });
  const opts = q.data ? choices(q.data) : [];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      // The add-traces form keeps its own Enter.
      if (e.target instanceof HTMLElement && e.target.closest("[data-own-keys]")) return;
      if (
        e.key === "Enter" &&
        (e.target === document.body || !typing(e.target) || (e.target as HTMLElement).tagName === "INPUT")
      ) {
        if (item && value !== null && !submit.isPending) {
          e.preventDefault();
          submit.mutate();
        }
        return;
      }
      if (typing(e.target)) return;
      if (e.key === "j") setIndex((i) => Math.min(i + 1, list.length - 1));
      else if (e.key === "k") setIndex((i) => Math.max(i - 1, 0));
      else if (/^[0-9]$/.test(e.key) && q.data?.dataType === "NUMERIC") {
        // A digit is the value itself on a scale such as 1–5, when it lies in the queue's range.
        const n = Number(e.key);
        if ((q.data.min === null || n >= q.data.min) && (q.data.max === null || n <= q.data.max)) setValue(n);
      } else if (/^[1-9]$/.test(e.key)) {
        const opt = opts[Number(e.key) - 1];
        if (opt) setValue(opt.value);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (q.isPending || items.isPending) return <Loading />;
  if (q.error || items.error) return <ErrorNote error={q.error ?? items.error} />;
  const queueData = q.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Review: {queueData.name}</Title>
        <Group gap="xs">
          <Badge variant="light">{queueData.pending} pending</Badge>
          <Badge variant="light" color="green">
            {queueData.done} done
          </Badge>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        <Kbd>1</Kbd>–<Kbd>9</Kbd> choose{queueData.dataType === "NUMERIC" ? " the value" : ""} · <Kbd>j</Kbd>/
        <Kbd>k</Kbd> next/previous · <Kbd>Enter</Kbd> submit · score <b>{queueData.scoreName}</b> ({queueData.dataType}
        {queueData.dataType === "NUMERIC" && queueData.min !== null ? ` ${queueData.min}–${queueData.max}` : ""})
      </Text>
      <AddTracesForm
        queue={queue}
        onAdded={() => {
          void queryClient.invalidateQueries({ queryKey: ["review-items", queue] });
          void queryClient.invalidateQueries({ queryKey: ["review-queue", queue] });
        }}
      />
      {!item ? (
        <Empty>Nothing pending in this queue.</Empty>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="sm" data-testid="review-item">
              <Group justify="space-between" mb="xs">
                <Text fw={600}>
                  {item.trace?.name ?? item.traceId} ({index + 1} of {list.length})
                </Text>
                <Anchor component={Link} to={`/traces/${encodeURIComponent(item.traceId)}`} size="xs">
                  Open trace
                </Anchor>
              </Group>
              <Text size="xs" fw={600} c="dimmed">
                INPUT
              </Text>
              <Body key={`${item.id}-in`} value={item.trace?.input} label="Input" />
              <Text size="xs" fw={600} c="dimmed" mt="sm">
                OUTPUT
              </Text>
              <Body key={`${item.id}-out`} value={item.trace?.output} label="Output" />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="sm">
              <Stack gap="xs">
                {queueData.dataType === "NUMERIC" ? (
                  <NumberInput
                    label={queueData.scoreName}
                    min={queueData.min ?? undefined}
                    max={queueData.max ?? undefined}
                    value={typeof value === "number" ? value : ""}
                    onChange={(v) => setValue(typeof v === "number" ? v : v === "" ? null : Number(v))}
                  />
                ) : (
                  <Group gap="xs" role="radiogroup" aria-label={queueData.scoreName}>
                    {opts.map((o, i) => (
                      <Button
                        key={o.label}
                        role="radio"
                        aria-checked={value === o.value}
                        variant={value === o.value ? "filled" : "default"}
                        size="xs"
                        onClick={() => setValue(o.value)}
                      >
                        {i + 1}. {o.label}
                      </Button>
                    ))}
                  </Group>
                )}
                <Textarea
                  label="Comment"
                  size="xs"
                  autosize
                  minRows={2}
                  value={comment}
                  onChange={(e) => setComment(e.currentTarget.value)}
                />
                <Button onClick={() => submit.mutate()} disabled={value === null} loading={submit.isPending}>
                  Submit score
                </Button>
                <ErrorNote error={submit.error} />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
