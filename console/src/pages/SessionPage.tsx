import { Anchor, Badge, Code, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { get } from "../api";
import { ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs } from "../format";
import type { SessionRow, TraceRow } from "../types";

interface SessionDetail extends SessionRow {
  traces: TraceRow[];
  tracesTruncated: boolean;
  groups?: unknown[];
}

function Traces({ traces }: { traces: TraceRow[] }) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>Trace</Table.Th>
          <Table.Th>Path</Table.Th>
          <Table.Th ta="right">Latency</Table.Th>
          <Table.Th ta="right">Cost</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {traces.map((t) => (
          <Table.Tr key={t.id}>
            <Table.Td>
              <Text size="xs">{fmtDate(t.timestamp)}</Text>
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/traces/${encodeURIComponent(t.id)}`} size="sm">
                {t.name ?? t.id}
              </Anchor>
            </Table.Td>
            <Table.Td>{t.sessionPath ?? ""}</Table.Td>
            <Table.Td ta="right">{fmtMs(t.latencyMs)}</Table.Td>
            <Table.Td ta="right">{fmtCost(t.totalCost)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One session's traces in time order, or grouped by their `sessionPath` segments. */
export default function SessionPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const grouped = params.get("groupBy") === "sessionPath";
  const session = useQuery({
    queryKey: ["session", id, grouped],
    queryFn: () => get<SessionDetail>(`/v1/sessions/${encodeURIComponent(id)}`, { groupBy: grouped ? "sessionPath" : null }),
  });
  if (session.isPending) return <Loading />;
  if (session.error) return <ErrorNote error={session.error} />;
  const s = session.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Session {s.id}</Title>
        <Group gap="xs">
          <Badge variant="light">{s.traceCount} traces</Badge>
          <Badge variant="light">{fmtCost(s.totalCost)}</Badge>
        </Group>
      </Group>
      <SegmentedControl
        w="fit-content"
        size="xs"
        value={grouped ? "path" : "time"}
        onChange={(v) => setParams(v === "path" ? { groupBy: "sessionPath" } : {}, { replace: true })}
        data={[
          { value: "time", label: "In time order" },
          { value: "path", label: "Grouped by sessionPath" },
        ]}
      />
      {grouped && s.groups ? (
        <Paper withBorder p="sm">
          <Code block>{JSON.stringify(s.groups, null, 2)}</Code>
        </Paper>
      ) : (
        <Traces traces={s.traces} />
      )}
      {s.tracesTruncated && (
        <Text size="xs" c="dimmed">
          Only the first traces are shown.
        </Text>
      )}
    </Stack>
  );
}
