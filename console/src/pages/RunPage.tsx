import { Anchor, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { DatasetDetail, ExperimentRun } from "../types";

const STATUS_COLOR: Record<string, string> = {
  queued: "gray",
  running: "blue",
  completed: "green",
  failed: "red",
  cancelled: "orange",
};
const active = (status?: string) => status === "queued" || status === "running";
/** Evaluators score an item after its trace lands, so scores keep arriving for a while after the last item ran. */
const SCORES_SETTLE_MS = 60_000;

/** Poll while the experiment works, then a little longer for its last scores; a run recorded by user code is not polled. */
function pollEvery(experiment: ExperimentRun["experiment"]): number | false {
  if (!experiment) return false;
  if (active(experiment.status)) return 1000;
  const finished = experiment.finishedAt ? Date.parse(experiment.finishedAt) : 0;
  return Date.now() - finished < SCORES_SETTLE_MS ? 2000 : false;
}

/** One run of a dataset: its links and score means; an experiment run by Sightline shows its progress live (polled) and can be cancelled. */
export default function RunPage() {
  const { name = "", run = "" } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ["run", name, run],
    queryFn: () => get<ExperimentRun>(`/v1/datasets/${seg(name)}/runs/${seg(run)}`),
    refetchInterval: (q) => pollEvery(q.state.data?.experiment),
  });
  const dataset = useQuery({
    queryKey: ["dataset", name],
    queryFn: () => get<DatasetDetail>(`/v1/datasets/${seg(name)}`, { limit: 1 }),
  });
  const cancel = useMutation({
    mutationFn: () => send<ExperimentRun>("POST", `/v1/datasets/${seg(name)}/runs/${seg(run)}/cancel`),
    onSuccess: (r) => queryClient.setQueryData(["run", name, run], r),
  });
  if (detail.isPending) return <Loading />;
  if (detail.error) return <ErrorNote error={detail.error} />;
  const r = detail.data;
  const p = r.experiment;
  const previous = (dataset.data?.runs ?? [])
    .filter((x) => x.name !== r.name && x.createdAt <= r.createdAt)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];

  return (
    <Stack>
      <Title order={2}>
        <Anchor component={Link} to={`/datasets/${encodeURIComponent(name)}`} inherit>
          {name}
        </Anchor>
        : {r.name}
      </Title>
      <Group>
        {r.version && <Text size="sm">Version {r.version}</Text>}
        <Text size="sm" c="dimmed">
          Created {fmtDate(r.createdAt)}
        </Text>
        {previous && !active(p?.status) && (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/datasets/${encodeURIComponent(name)}/compare?runs=${encodeURIComponent(previous.name)},${encodeURIComponent(r.name)}`}
          >
            Compare with {previous.name}
          </Button>
        )}
      </Group>
      {p && (
        <Paper withBorder p="sm" data-testid="experiment-progress">
          <Group justify="space-between" mb="xs">
            <Group>
              <Text fw={600}>Experiment</Text>
              <Badge color={STATUS_COLOR[p.status]} data-testid="experiment-status">
                {p.status}
              </Badge>
              <Text size="sm">
                {p.prompt.name} v{p.prompt.version}
                {p.prompt.label ? ` (${p.prompt.label})` : ""} · {p.provider}/{p.model} · concurrency {p.concurrency}
              </Text>
            </Group>
            {active(p.status) && (
              <Button size="xs" color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel run
              </Button>
            )}
          </Group>
          <ErrorNote error={cancel.error} />
          <Progress.Root size="lg" mb="xs">
            <Progress.Section value={(100 * p.done) / p.total} color="green" />
            <Progress.Section value={(100 * p.failed) / p.total} color="red" />
            <Progress.Section value={(100 * p.cancelled) / p.total} color="orange" />
          </Progress.Root>
          <SimpleGrid cols={{ base: 2, sm: 6 }}>
            <Stat label="Done" value={`${p.done} / ${p.total}`} />
            <Stat label="Failed" value={String(p.failed)} />
            <Stat label="Pending" value={String(p.pending)} />
            <Stat label="Cost" value={`$${p.costUsd.toFixed(6)}`} />
            <Stat
              label="Latency p50 / p95"
              value={p.latencyMs.p50 === null ? "–" : `${p.latencyMs.p50} / ${p.latencyMs.p95} ms`}
            />
            <Stat label="p99" value={p.latencyMs.p99 === null ? "–" : `${p.latencyMs.p99} ms`} />
          </SimpleGrid>
          {p.error && (
            <Text size="sm" c="red" mt="xs">
              {p.error}
            </Text>
          )}
          {p.failures.length > 0 && (
            <Table mt="xs" data-testid="experiment-failures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Failed item</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.failures.map((f) => (
                  <Table.Tr key={f.datasetItemId}>
                    <Table.Td>{f.datasetItemId}</Table.Td>
                    <Table.Td>{f.error}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          Score means
        </Text>
        {r.scores.length === 0 ? (
          <Empty>No scores yet.</Empty>
        ) : (
          <Table data-testid="run-scores">
            <Table.Tbody>
              {r.scores.map((s) => (
                <Table.Tr key={s.name}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td ta="right">{s.mean === null ? "–" : s.mean.toFixed(4)}</Table.Td>
                  <Table.Td ta="right">{s.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          Items ({r.items.length})
        </Text>
        {r.items.length === 0 ? (
          <Empty>No items linked yet.</Empty>
        ) : (
          <Table data-testid="run-items">
            <Table.Tbody>
              {r.items.map((i) => (
                <Table.Tr key={i.datasetItemId}>
                  <Table.Td>{i.datasetItemId}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/traces/${encodeURIComponent(i.traceId)}`} size="sm">
                      {i.traceId}
                    </Anchor>
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

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}
