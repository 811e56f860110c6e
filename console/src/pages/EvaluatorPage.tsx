import {
  Badge,
  Button,
  Code,
  Grid,
  Group,
  NumberInput,
  Paper,
  Progress,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { Page } from "../types";
import type { Evaluator } from "./EvaluatorsPage";

interface Detail extends Evaluator {
  versions: Evaluator[];
}

interface Execution {
  id: string;
  trigger: string;
  target: { traceId: string; observationId?: string; sessionId?: string };
  status: "completed" | "failed" | "skipped";
  error: string | null;
  startedAt: string;
}

interface Backfill {
  id: string;
  status: "queued" | "running" | "completed" | "failed";
  total: number;
  processed: number;
  failed: number;
  cap: number;
  capped: boolean;
  error: string | null;
  createdAt: string;
}

/** The fields a save takes: the version's definition without its identity (a PUT is the next version). */
function definition(e: Evaluator): Record<string, unknown> {
  const {
    id: _id,
    name: _name,
    version: _version,
    createdAt: _c,
    ...rest
  } = e as Evaluator & { updatedAt?: string; versions?: unknown };
  delete (rest as Record<string, unknown>).updatedAt;
  delete (rest as Record<string, unknown>).versions;
  return rest;
}

/** One evaluator: definition and versions, online settings, an expression tester, backfill with progress, the execution log. */
export default function EvaluatorPage() {
  const { name = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ["evaluator", name], queryFn: () => get<Detail>(`/v1/evaluators/${seg(name)}`) });
  const status = params.get("status");
  const executions = useQuery({
    queryKey: ["executions", name, status],
    queryFn: () => get<Page<Execution>>(`/v1/evaluators/${seg(name)}/executions`, { status, limit: 50 }),
  });
  const backfills = useQuery({
    queryKey: ["backfills", name],
    queryFn: () => get<{ data: Backfill[] }>("/v1/evaluators/backfills", { evaluator: name, limit: 5 }),
    refetchInterval: (q) =>
      q.state.data?.data.some((b) => b.status === "queued" || b.status === "running") ? 1500 : false,
  });

  const [online, setOnline] = useState<boolean | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (e: Evaluator) =>
      send("PUT", `/v1/evaluators/${seg(name)}`, {
        ...definition(e),
        online: online ?? e.online,
        samplingRate: rate ?? e.samplingRate,
      }),
    onSuccess: () => {
      setOnline(null);
      setRate(null);
      void queryClient.invalidateQueries({ queryKey: ["evaluator", name] });
    },
  });
  const [expression, setExpression] = useState<string | null>(null);
  const [item, setItem] = useState('{"input": "hi", "output": "Hello!"}');
  const test = useMutation({
    mutationFn: (expr: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(item);
      } catch {
        throw new Error("The item is not valid JSON");
      }
      return send<{ value: unknown; valid: boolean; error: string | null }>("POST", "/v1/evaluators/test-expression", {
        expression: expr,
        item: parsed,
      });
    },
  });
  const [days, setDays] = useState<number>(7);
  const [traceName, setTraceName] = useState("");
  const backfill = useMutation({
    mutationFn: () =>
      send("POST", `/v1/evaluators/${seg(name)}/backfill`, {
        days,
        ...(traceName.trim() ? { name: traceName.trim() } : {}),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["backfills", name] }),
  });

  if (detail.isPending) return <Loading />;
  if (detail.error) return <ErrorNote error={detail.error} />;
  const e = detail.data;
  const expr = expression ?? e.expression ?? "";
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{e.name}</Title>
        <Group gap="xs">
          <Badge>{e.kind}</Badge>
          <Badge variant="light">v{e.version}</Badge>
          <Badge variant="light">{e.scope}</Badge>
          <Badge variant="light">{e.scoreDataType}</Badge>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="sm" h="100%">
            <Text fw={600} mb="xs">
              Definition
            </Text>
            {e.kind === "CODE" ? <Code block>{e.expression}</Code> : <Code block>{e.prompt}</Code>}
            {e.kind === "JUDGE" && (
              <Text size="xs" c="dimmed" mt="xs">
                {e.provider} / {e.model}
              </Text>
            )}
            <Table mt="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Online</Table.Th>
                  <Table.Th>Saved</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {e.versions.map((v) => (
                  <Table.Tr key={v.version}>
                    <Table.Td>v{v.version}</Table.Td>
                    <Table.Td>{v.online ? `${Math.round(v.samplingRate * 100)}%` : "off"}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{fmtDate(v.createdAt)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="sm">
              <Text fw={600} mb="xs">
                Online
              </Text>
              <Group align="end">
                <Switch
                  label="Score production traces"
                  checked={online ?? e.online}
                  onChange={(ev) => setOnline(ev.currentTarget.checked)}
                />
                <NumberInput
                  label="Sampling rate"
                  size="xs"
                  w={110}
                  min={0}
                  max={1}
                  step={0.05}
                  decimalScale={3}
                  value={rate ?? e.samplingRate}
                  onChange={(v) => setRate(typeof v === "number" ? v : Number(v))}
                />
                <Button
                  size="xs"
                  onClick={() => save.mutate(e)}
                  loading={save.isPending}
                  disabled={online === null && rate === null}
                >
                  Save as v{e.version + 1}
                </Button>
              </Group>
              <ErrorNote error={save.error} />
            </Paper>
            <Paper withBorder p="sm">
              <Text fw={600} mb="xs">
                Backfill
              </Text>
              <Group align="end">
                <NumberInput
                  label="Days"
                  size="xs"
                  w={80}
                  min={1}
                  max={90}
                  value={days}
                  onChange={(v) => setDays(Number(v) || 1)}
                />
                <TextInput
                  label="Trace name (optional)"
                  size="xs"
                  value={traceName}
                  onChange={(ev) => setTraceName(ev.currentTarget.value)}
                />
                <Button size="xs" onClick={() => backfill.mutate()} loading={backfill.isPending}>
                  Start
                </Button>
              </Group>
              <ErrorNote error={backfill.error} />
              {backfills.data?.data.map((b) => (
                <Stack key={b.id} gap={2} mt="xs">
                  <Text size="xs">
                    {fmtDate(b.createdAt)} · {b.status} · {b.processed}/{b.total} scored
                    {b.failed ? `, ${b.failed} failed` : ""}
                    {b.capped ? ` (capped at ${b.cap})` : ""}
                    {b.error ? ` · ${b.error}` : ""}
                  </Text>
                  <Progress
                    value={b.total ? (100 * b.processed) / b.total : b.status === "completed" ? 100 : 0}
                    size="sm"
                    color={b.status === "failed" ? "red" : undefined}
                  />
                </Stack>
              ))}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          Test an expression
        </Text>
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Textarea
              label="Expression"
              size="xs"
              autosize
              minRows={2}
              value={expr}
              onChange={(ev) => setExpression(ev.currentTarget.value)}
              placeholder="len(output) < 500"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Textarea
              label="Item (JSON)"
              size="xs"
              autosize
              minRows={2}
              value={item}
              onChange={(ev) => setItem(ev.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
        <Button size="xs" mt="xs" onClick={() => test.mutate(expr)} disabled={!expr.trim()} loading={test.isPending}>
          Test
        </Button>
        <ErrorNote error={test.error} />
        {test.data && (
          <Text size="sm" mt="xs" c={test.data.valid ? undefined : "red"} data-testid="expression-result">
            {test.data.valid ? `Value: ${JSON.stringify(test.data.value)}` : `Invalid: ${test.data.error}`}
          </Text>
        )}
      </Paper>
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Execution log</Text>
          <Select
            aria-label="Execution status"
            size="xs"
            w={140}
            placeholder="any status"
            clearable
            data={["completed", "failed", "skipped"]}
            value={status}
            onChange={(v) => setParams(v ? { status: v } : {}, { replace: true })}
          />
        </Group>
        <ErrorNote error={executions.error} />
        {executions.data?.data.length === 0 ? (
          <Empty>No executions.</Empty>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Trigger</Table.Th>
                <Table.Th>Trace</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {executions.data?.data.map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td>
                    <Text size="xs">{fmtDate(x.startedAt)}</Text>
                  </Table.Td>
                  <Table.Td>{x.trigger}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{x.target.traceId}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      size="sm"
                      color={x.status === "completed" ? "green" : x.status === "failed" ? "red" : "gray"}
                    >
                      {x.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{x.error ?? ""}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
