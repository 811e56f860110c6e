import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { get } from "../api";
import { CommentThread } from "../components/CommentThread";
import { ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs } from "../format";
import type { SessionRow, TraceRow } from "../types";

interface PathGroup {
  segment: string | null;
  path: string | null;
  traceCount: number;
  totalCost: number | null;
  traces: TraceRow[];
  children: PathGroup[];
}

interface SessionDetail extends SessionRow {
  traces: TraceRow[];
  tracesTruncated: boolean;
  groups?: PathGroup[];
}

/** One `sessionPath` segment with its own traces and its sub-paths, indented by depth. */
function Group_({ group, depth }: { group: PathGroup; depth: number }) {
  return (
    <Paper withBorder p="xs" ml={depth * 16} mb="xs" data-testid="path-group">
      <Group gap="xs" mb={group.traces.length ? "xs" : 0}>
        <Text fw={600} size="sm">
          {group.segment ?? "(no path)"}
        </Text>
        <Badge size="xs" variant="light">
          {group.traceCount} traces
        </Badge>
        <Badge size="xs" variant="light">
          {fmtCost(group.totalCost)}
        </Badge>
        {group.path && (
          <Text size="xs" c="dimmed">
            {group.path}
          </Text>
        )}
      </Group>
      {group.traces.length > 0 && <Traces traces={group.traces} />}
      {group.children.map((c, i) => (
        <Group_ key={`${c.path}-${i}`} group={c} depth={1} />
      ))}
    </Paper>
  );
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
    queryFn: () =>
      get<SessionDetail>(`/v1/sessions/${encodeURIComponent(id)}`, { groupBy: grouped ? "sessionPath" : null }),
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
        <div>
          {s.groups.map((g, i) => (
            <Group_ key={`${g.path}-${i}`} group={g} depth={0} />
          ))}
        </div>
      ) : (
        <Traces traces={s.traces} />
      )}
      {s.tracesTruncated && (
        <Text size="xs" c="dimmed">
          Only the first traces are shown.
        </Text>
      )}
      <CommentThread objectType="SESSION" objectId={s.id} />
    </Stack>
  );
}
