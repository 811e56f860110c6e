import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, get, send } from "../api";
import { ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";

interface Sink {
  url: string;
  hasApiKey: boolean;
  events: ("trace" | "score")[];
  enabled: boolean;
  pending: number;
  failed: number;
  updatedAt: string;
}

/** No sink is a 404 from the API, shown as the empty form rather than an error. */
const loadSink = () =>
  get<Sink>("/v1/event-sink").catch((e: unknown) =>
    e instanceof ApiError && e.status === 404 ? null : Promise.reject(e),
  );

function SinkForm({ sink, onChange }: { sink: Sink | null; onChange: () => void }) {
  const [url, setUrl] = useState(sink?.url ?? "");
  const [apiKey, setApiKey] = useState("");
  const [events, setEvents] = useState<string[]>(sink?.events ?? ["trace", "score"]);
  const [enabled, setEnabled] = useState(sink?.enabled ?? true);
  const save = useMutation({
    mutationFn: () =>
      send<Sink>("PUT", "/v1/event-sink", { url: url.trim(), events, enabled, ...(apiKey ? { apiKey } : {}) }),
    onSuccess: () => {
      setApiKey("");
      return onChange();
    },
  });
  const remove = useMutation({ mutationFn: () => send("DELETE", "/v1/event-sink"), onSuccess: onChange });
  return (
    <Paper withBorder p="sm" data-testid="event-sink-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        autoComplete="off"
      >
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{sink ? "Event sink" : "No event sink"}</Text>
            {sink && (
              <Group gap="xs">
                <Badge variant="light" color={sink.enabled ? "green" : "gray"}>
                  {sink.enabled ? "enabled" : "disabled"}
                </Badge>
                <Badge variant="light">{sink.pending} waiting</Badge>
                <Badge variant="light" color={sink.failed ? "red" : "gray"}>
                  {sink.failed} failed
                </Badge>
              </Group>
            )}
          </Group>
          <Group align="end">
            <TextInput
              label="Capture API URL"
              description="Batches go to <url>/batch/"
              size="xs"
              w={360}
              required
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              placeholder="https://eu.i.posthog.com"
            />
            <PasswordInput
              label="API key"
              size="xs"
              w={300}
              required={!sink}
              autoComplete="new-password"
              value={apiKey}
              onChange={(e) => setApiKey(e.currentTarget.value)}
              description={
                sink?.hasApiKey
                  ? "A key is stored (encrypted, never shown): leave empty to keep it"
                  : "Stored encrypted; never shown again"
              }
            />
          </Group>
          <Group>
            <Checkbox.Group label="Events" value={events} onChange={setEvents}>
              <Group gap="md" mt={4}>
                <Checkbox value="trace" label="Traces" />
                <Checkbox value="score" label="Scores" />
              </Group>
            </Checkbox.Group>
            <Switch label="Enabled" mt="lg" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          </Group>
          <Group>
            <Button
              type="submit"
              size="xs"
              loading={save.isPending}
              disabled={!url.trim() || events.length === 0 || (!sink && !apiKey)}
            >
              Save sink
            </Button>
            {sink && (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  window.confirm("Remove the event sink and the events waiting for it?") && remove.mutate()
                }
              >
                Remove sink
              </Button>
            )}
            {sink && (
              <Text size="xs" c="dimmed">
                Updated {fmtDate(sink.updatedAt)}
              </Text>
            )}
          </Group>
          <ErrorNote error={save.error ?? remove.error} />
        </Stack>
      </form>
    </Paper>
  );
}

/** The project's event sink (a capture-style API receiving trace and score events in batches): set, change, remove. */
export default function EventSinkPage() {
  const queryClient = useQueryClient();
  const sink = useQuery({ queryKey: ["event-sink"], queryFn: loadSink });
  return (
    <Stack>
      <Title order={2}>Event sink</Title>
      <Text size="sm" c="dimmed">
        Sends the project's traces and scores, in batches, to a capture API (PostHog's or one shaped like it).
      </Text>
      {sink.isPending ? (
        <Loading />
      ) : sink.error ? (
        <ErrorNote error={sink.error} />
      ) : (
        <SinkForm
          key={sink.data?.updatedAt ?? "none"}
          sink={sink.data}
          onChange={() => void queryClient.invalidateQueries({ queryKey: ["event-sink"] })}
        />
      )}
    </Stack>
  );
}
