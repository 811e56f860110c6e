import { Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import { AlertForm, METRICS } from "../forms/AlertForm";
import type { AlertRule } from "../types";

interface Transition {
  id: string;
  state: "firing" | "resolved";
  value: number | null;
  threshold: number;
  createdAt: string;
}

const metricLabel = (m: string) => METRICS.find((x) => x.value === m)?.label ?? m;
const scope = (a: AlertRule) =>
  [a.scoreName && `score ${a.scoreName}`, a.model && `model ${a.model}`, a.environment && `env ${a.environment}`]
    .filter(Boolean)
    .join(" · ");

function History({ id }: { id: string }) {
  const detail = useQuery({
    queryKey: ["alert", id],
    queryFn: () => get<AlertRule & { history: Transition[] }>(`/v1/alerts/${seg(id)}`),
  });
  if (detail.isPending) return <Loading />;
  if (detail.error) return <ErrorNote error={detail.error} />;
  const history = detail.data.history;
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        Firings of {detail.data.name}
      </Text>
      {history.length === 0 ? (
        <Empty>It has not fired yet.</Empty>
      ) : (
        <Table data-testid="alert-history">
          <Table.Tbody>
            {history.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>
                  <Text size="xs">{fmtDate(h.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" color={h.state === "firing" ? "red" : "green"}>
                    {h.state}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {h.value ?? "–"} against {h.threshold}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Alert rules with their state and last check; create, edit (`?alert=<id>`, with its firings), delete; `?state=` filters. */
export default function AlertsPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: ["alerts"], queryFn: () => get<{ data: AlertRule[] }>("/v1/alerts") });
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("alert") });
  const remove = useMutation({
    mutationFn: (a: AlertRule) => send("DELETE", `/v1/alerts/${seg(a.id)}`),
    onSuccess: () => {
      setParams({});
      void refresh();
    },
  });
  const state = params.get("state") ?? "all";
  const selected = alerts.data?.data.find((a) => a.id === params.get("alert"));
  const rows = (alerts.data?.data ?? []).filter((a) => state === "all" || a.state === state);
  const choose = (next: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), ...next }, { replace: true });
  return (
    <Stack>
      <Title order={2}>Alert rules</Title>
      <Text size="sm" c="dimmed">
        Every minute each rule measures its window; crossing the threshold fires an alert.firing event (automations
        deliver it) and coming back resolves it.
      </Text>
      {selected ? (
        <AlertForm
          key={selected.id + selected.updatedAt}
          rule={selected}
          onSaved={() => void refresh()}
          onCancel={() => setParams(state === "all" ? {} : { state })}
        />
      ) : (
        <AlertForm onSaved={() => void refresh()} />
      )}
      <Group>
        <SegmentedControl
          size="xs"
          aria-label="State"
          data={[
            { value: "all", label: "All" },
            { value: "firing", label: "Firing" },
            { value: "ok", label: "OK" },
          ]}
          value={state}
          onChange={(v) => choose({ state: v })}
        />
      </Group>
      <ErrorNote error={alerts.error ?? remove.error} />
      {alerts.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>{state === "all" ? "No alert rules yet." : `No ${state} rules.`}</Empty>
      ) : (
        <Table striped data-testid="alerts-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Metric</Table.Th>
              <Table.Th>Condition</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Last value</Table.Th>
              <Table.Th>Last checked</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id} bg={a.id === selected?.id ? "var(--mantine-primary-color-light)" : undefined}>
                <Table.Td>{a.name}</Table.Td>
                <Table.Td>
                  {metricLabel(a.metric)}
                  <Text size="xs" c="dimmed">
                    {scope(a)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {a.operator} {a.threshold} over {a.windowMinutes} min
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" color={a.state === "firing" ? "red" : "green"}>
                    {a.state}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{a.lastValue ?? "–"}</Table.Td>
                <Table.Td>
                  <Text size="xs">{a.lastCheckedAt ? fmtDate(a.lastCheckedAt) : "never"}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="light" onClick={() => choose({ alert: a.id })}>
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="red"
                      onClick={() => window.confirm(`Delete ${a.name}?`) && remove.mutate(a)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {selected && <History id={selected.id} />}
    </Stack>
  );
}
