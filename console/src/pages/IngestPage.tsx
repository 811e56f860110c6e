import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { get, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { Page } from "../types";

interface Health {
  status: "ok" | "degraded";
  queueDepth: number;
  queueInFlight: number;
  oldestQueuedAgeSeconds: number | null;
  dlqDepth: number;
  projectDeadLetters: number;
  lastReplay: {
    id: string;
    status: string;
    replayed: number;
    skipped: number;
    error: string | null;
    startedAt: string;
    finishedAt: string | null;
  } | null;
}

interface DeadLetter {
  id: string;
  error: string;
  unrecoverable: boolean;
  attempts: number;
  deadLetteredAt: string;
  replayedAt: string | null;
}

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

/** Ingest health (queue depth, age, dead letters) and the project's dead letters with replay; refreshes every 5 s. */
export default function IngestPage() {
  const queryClient = useQueryClient();
  const health = useQuery({
    queryKey: ["ingest-health"],
    queryFn: () => get<Health>("/v1/ingest/health"),
    refetchInterval: 5000,
  });
  const letters = useQuery({
    queryKey: ["dead-letters"],
    queryFn: () => get<Page<DeadLetter>>("/v1/ingest/dead-letters", { limit: 100 }),
    refetchInterval: 5000,
  });
  const replay = useMutation({
    mutationFn: () => send<{ replayId: string; status: string }>("POST", "/v1/ingest/dead-letters/replay"),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["ingest-health"] }),
  });
  const h = health.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Ingest health</Title>
        {h && <Badge color={h.status === "ok" ? "green" : "orange"}>{h.status}</Badge>}
      </Group>
      <ErrorNote error={health.error} />
      {health.isPending ? (
        <Loading />
      ) : (
        h && (
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            <Stat label="Queued" value={h.queueDepth} />
            <Stat label="In flight" value={h.queueInFlight} />
            <Stat
              label="Oldest queued"
              value={h.oldestQueuedAgeSeconds == null ? "–" : `${h.oldestQueuedAgeSeconds} s`}
            />
            <Stat label="Dead-letter queue" value={h.dlqDepth} />
            <Stat label="This project's dead letters" value={h.projectDeadLetters} />
          </SimpleGrid>
        )
      )}
      {h?.lastReplay && (
        <Alert color={h.lastReplay.status === "failed" ? "red" : "blue"} title={`Last replay: ${h.lastReplay.status}`}>
          {h.lastReplay.replayed} replayed, {h.lastReplay.skipped} skipped, started {fmtDate(h.lastReplay.startedAt)}
          {h.lastReplay.error ? ` · ${h.lastReplay.error}` : ""}
        </Alert>
      )}
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Dead letters</Text>
          <Button
            size="xs"
            onClick={() => replay.mutate()}
            loading={replay.isPending}
            disabled={h?.lastReplay?.status === "running"}
          >
            Replay dead letters
          </Button>
        </Group>
        <ErrorNote error={replay.error ?? letters.error} />
        {replay.data && (
          <Text size="sm">
            Replay {replay.data.replayId} {replay.data.status}.
          </Text>
        )}
        {letters.data?.data.length === 0 ? (
          <Empty>No dead letters.</Empty>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th ta="right">Attempts</Table.Th>
                <Table.Th>Replayed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {letters.data?.data.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="xs">{fmtDate(d.deadLetteredAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {d.error}{" "}
                    {d.unrecoverable && (
                      <Badge color="red" size="xs">
                        unrecoverable
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{d.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{d.replayedAt ? fmtDate(d.replayedAt) : "–"}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
