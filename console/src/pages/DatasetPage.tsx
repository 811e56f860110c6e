import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import { AddItemForm } from "../forms/AddItemForm";
import { ItemSchemaForm } from "../forms/ItemSchemaForm";
import type { DatasetDetail, DatasetItem } from "../types";

interface SchemaCheck {
  total: number;
  failing: number;
  errors: { index: number; field: string; message: string; itemId: string }[];
}

const short = (v: unknown) => {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s && s.length > 120 ? `${s.slice(0, 120)}…` : (s ?? "");
};

/** One dataset: its runner's last status, runs (pick two to compare), items with their schema errors, an item by hand, the item schema, CSV import and the gate. */
export default function DatasetPage() {
  const { name = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataset = useQuery({
    queryKey: ["dataset", name],
    queryFn: () => get<DatasetDetail>(`/v1/datasets/${seg(name)}`, { limit: 200 }),
  });
  const check = useQuery({
    queryKey: ["dataset-check", name],
    queryFn: () => get<SchemaCheck>(`/v1/datasets/${seg(name)}/schema/check`),
  });
  const [picked, setPicked] = useState<string[]>([]);

  if (dataset.isPending) return <Loading />;
  if (dataset.error) return <ErrorNote error={dataset.error} />;
  const d = dataset.data;
  const errorsOf = new Map<string, SchemaCheck["errors"]>();
  for (const e of check.data?.errors ?? []) errorsOf.set(e.itemId, [...(errorsOf.get(e.itemId) ?? []), e]);
  const toggle = (run: string) => setPicked((p) => (p.includes(run) ? p.filter((r) => r !== run) : [...p, run]));

  return (
    <Stack>
      <Title order={2}>{d.name}</Title>
      {d.description && <Text c="dimmed">{d.description}</Text>}
      {d.runner && (
        <Alert
          color={d.runner.lastStatus === "accepted" || d.runner.lastStatus === null ? "blue" : "red"}
          title="Runner"
        >
          <Text size="sm">
            {d.runner.url} · last status <b>{d.runner.lastStatus ?? "never triggered"}</b>
            {d.runner.lastHttpStatus ? ` (HTTP ${d.runner.lastHttpStatus})` : ""}
            {d.runner.lastTriggeredAt ? ` at ${fmtDate(d.runner.lastTriggeredAt)}` : ""}
          </Text>
          {d.runner.lastError && <Text size="sm">Error: {d.runner.lastError}</Text>}
        </Alert>
      )}
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Runs</Text>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/experiments/new?dataset=${encodeURIComponent(name)}`}
          >
            Run experiment
          </Button>
          <Button
            size="xs"
            disabled={picked.length < 2}
            onClick={() =>
              navigate(`/datasets/${encodeURIComponent(name)}/compare?runs=${picked.map(encodeURIComponent).join(",")}`)
            }
          >
            Compare {picked.length >= 2 ? picked.length : ""} runs
          </Button>
        </Group>
        {d.runs.length === 0 ? (
          <Empty>No runs yet.</Empty>
        ) : (
          <Table data-testid="runs-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>Run</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th ta="right">Items</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.runs.map((r) => (
                <Table.Tr key={r.name}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select run ${r.name}`}
                      checked={picked.includes(r.name)}
                      onChange={() => toggle(r.name)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/datasets/${encodeURIComponent(name)}/runs/${encodeURIComponent(r.name)}`}
                      size="sm"
                    >
                      {r.name}
                    </Anchor>{" "}
                    {r.remote && <Badge size="xs">remote</Badge>}
                  </Table.Td>
                  <Table.Td>{r.version ?? ""}</Table.Td>
                  <Table.Td ta="right">{r.itemCount}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{fmtDate(r.createdAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {d.runs.length > 0 && <Gate name={name} runs={d.runs.map((r) => r.name)} />}
      </Paper>
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Items ({d.itemCount})</Text>
          {check.data && check.data.failing > 0 && (
            <Badge color="red" variant="light">
              {check.data.failing} of {check.data.total} fail the schema
            </Badge>
          )}
        </Group>
        {d.items.length === 0 ? (
          <Empty>No items yet.</Empty>
        ) : (
          <Table data-testid="items-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Input</Table.Th>
                <Table.Th>Expected output</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Schema</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Code>{short(item.input)}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Code>{short(item.expectedOutput)}</Code>
                  </Table.Td>
                  <Table.Td>
                    <ItemSource item={item} />
                  </Table.Td>
                  <Table.Td>
                    {(errorsOf.get(item.id) ?? []).map((e, i) => (
                      <Text key={i} size="xs" c="red">
                        {e.field}: {e.message}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <AddItemForm
        name={name}
        onAdded={() => {
          void queryClient.invalidateQueries({ queryKey: ["dataset", name] });
          void queryClient.invalidateQueries({ queryKey: ["dataset-check", name] });
        }}
      />
      <ItemSchemaForm
        name={name}
        schema={d.schema}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: ["dataset", name] });
          void queryClient.invalidateQueries({ queryKey: ["dataset-check", name] });
        }}
      />
      <CsvImport name={name} onDone={() => void queryClient.invalidateQueries({ queryKey: ["dataset", name] })} />
    </Stack>
  );
}

function Gate({ name, runs }: { name: string; runs: string[] }) {
  const [run, setRun] = useState(runs[0] ?? "");
  const [thresholds, setThresholds] = useState("");
  const gate = useMutation({
    mutationFn: () => {
      const parsed = Object.fromEntries(
        thresholds
          .split(",")
          .map((s) => s.split("=").map((x) => x.trim()))
          .filter((p) => p.length === 2 && p[0])
          .map(([k, v]) => [k, Number(v)]),
      );
      return send<{
        passed: boolean;
        results: { scoreName: string; mean: number | null; threshold: number; count: number; passed: boolean }[];
      }>("POST", `/v1/datasets/${seg(name)}/runs/${seg(run)}/gate`, { thresholds: parsed });
    },
  });
  return (
    <Stack gap="xs" mt="sm">
      <Group align="end">
        <TextInput label="Gate run" size="xs" value={run} onChange={(e) => setRun(e.currentTarget.value)} />
        <TextInput
          label="Minimum means (score=0.8, …)"
          size="xs"
          w={260}
          value={thresholds}
          onChange={(e) => setThresholds(e.currentTarget.value)}
        />
        <Button size="xs" variant="light" onClick={() => gate.mutate()} loading={gate.isPending}>
          Check gate
        </Button>
      </Group>
      <ErrorNote error={gate.error} />
      {gate.data && (
        <Text size="sm" c={gate.data.passed ? "green" : "red"}>
          {gate.data.passed ? "Passed" : "Failed"}:{" "}
          {gate.data.results
            .map((r) => `${r.scoreName} ${r.mean?.toFixed(3) ?? "–"} ≥ ${r.threshold} (${r.count})`)
            .join(", ")}
        </Text>
      )}
    </Stack>
  );
}

function CsvImport({ name, onDone }: { name: string; onDone: () => void }) {
  const [csv, setCsv] = useState("");
  const [input, setInput] = useState("");
  const [expected, setExpected] = useState("");
  const upload = useMutation({
    mutationFn: () =>
      send<{ added: number; rejected: number; errors: { index: number; field: string; message: string }[] }>(
        "POST",
        `/v1/datasets/${seg(name)}/items/csv`,
        {
          csv,
          mapping: {
            input: input
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
            ...(expected.trim() ? { expectedOutput: expected.trim() } : {}),
          },
        },
      ),
    onSuccess: onDone,
  });
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        Import CSV
      </Text>
      <Stack gap="xs">
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void file.text().then(setCsv);
          }}
        />
        <Textarea
          size="xs"
          label="CSV"
          autosize
          minRows={2}
          maxRows={8}
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
        />
        <Group>
          <TextInput
            size="xs"
            label="Input columns (comma separated)"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
          <TextInput
            size="xs"
            label="Expected output column"
            value={expected}
            onChange={(e) => setExpected(e.currentTarget.value)}
          />
          <Button size="xs" mt="lg" onClick={() => upload.mutate()} loading={upload.isPending} disabled={!csv.trim()}>
            Import
          </Button>
        </Group>
        <ErrorNote error={upload.error} />
        {upload.data && (
          <Text size="sm">
            Added {upload.data.added}, rejected {upload.data.rejected}
            {upload.data.errors.map((e) => ` · row ${e.index + 1} ${e.field}: ${e.message}`).join("")}
          </Text>
        )}
      </Stack>
      <Anchor component={Link} to="/datasets" size="xs">
        All datasets
      </Anchor>
    </Paper>
  );
}

/** Where a copied item came from: links to its trace and, for an observation, to that node of the trace. */
function ItemSource({ item }: { item: DatasetItem }) {
  if (!item.sourceTraceId) return null;
  const trace = `/traces/${encodeURIComponent(item.sourceTraceId)}`;
  return (
    <Stack gap={0} data-testid="item-source">
      <Anchor component={Link} to={trace} size="xs">
        trace {item.sourceTraceId.slice(0, 8)}
      </Anchor>
      {item.sourceObservationId && (
        <Anchor component={Link} to={`${trace}?observation=${encodeURIComponent(item.sourceObservationId)}`} size="xs">
          observation {item.sourceObservationId.slice(0, 12)}
        </Anchor>
      )}
    </Stack>
  );
}
