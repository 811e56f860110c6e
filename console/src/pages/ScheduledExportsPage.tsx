import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { ExportConfig } from "../types";

const TABLES = ["traces", "observations", "scores"] as const;

/** The definition `POST` and `PUT /v1/export-configs` take (docs/export.md, "Scheduled exports"). */
function definition(c: ExportConfig) {
  return {
    name: c.name,
    bucket: c.bucket,
    prefix: c.prefix,
    region: c.region,
    endpoint: c.endpoint,
    format: c.format,
    tables: c.tables,
    frequency: c.frequency,
    enabled: c.enabled,
  };
}

/**
 * Create or edit one export. The secret is write-only: on edit, "bucket keys" with an empty secret keeps the stored
 * keys (no `credentials` sent), new keys replace them, and "service credentials" removes them (`credentials: null`).
 */
function ExportForm({ config, onDone }: { config: ExportConfig | null; onDone: () => void }) {
  const [name, setName] = useState(config?.name ?? "");
  const [bucket, setBucket] = useState(config?.bucket ?? "");
  const [prefix, setPrefix] = useState(config?.prefix ?? "");
  const [region, setRegion] = useState(config?.region ?? "us-east-1");
  const [endpoint, setEndpoint] = useState(config?.endpoint ?? "");
  const [format, setFormat] = useState<string>(config?.format ?? "jsonl");
  const [tables, setTables] = useState<string[]>(config?.tables ?? [...TABLES]);
  const [frequency, setFrequency] = useState<string>(config?.frequency ?? "hourly");
  const [enabled, setEnabled] = useState(config?.enabled ?? true);
  const [startFrom, setStartFrom] = useState("");
  const [keys, setKeys] = useState<"service" | "own">(config?.hasCredentials ? "own" : "service");
  const [accessKeyId, setAccessKeyId] = useState(config?.accessKeyId ?? "");
  const [secret, setSecret] = useState("");
  const keepKeys = Boolean(config?.hasCredentials) && keys === "own" && !secret;
  const credentials =
    keys === "service"
      ? { credentials: null }
      : keepKeys
        ? {}
        : { credentials: { accessKeyId, secretAccessKey: secret } };
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        bucket: bucket.trim(),
        prefix: prefix.trim(),
        region: region.trim(),
        endpoint: endpoint.trim() || null,
        format,
        tables: TABLES.filter((t) => tables.includes(t)),
        frequency,
        enabled,
        ...credentials,
      };
      return config
        ? send<ExportConfig>("PUT", `/v1/export-configs/${seg(config.id)}`, body)
        : send<ExportConfig>("POST", "/v1/export-configs", {
            ...body,
            ...(startFrom ? { startFrom: new Date(startFrom).toISOString() } : {}),
          });
    },
    onSuccess: onDone,
  });
  const needsSecret = keys === "own" && !keepKeys && (!accessKeyId.trim() || !secret);
  return (
    <Paper withBorder p="sm" data-testid="export-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        autoComplete="off"
      >
        <Stack gap="xs">
          <Text fw={600}>{config ? `Edit ${config.name}` : "New scheduled export"}</Text>
          <Group align="end">
            <TextInput
              label="Name"
              size="xs"
              w={200}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label="Bucket"
              size="xs"
              w={220}
              required
              value={bucket}
              onChange={(e) => setBucket(e.currentTarget.value)}
              placeholder="acme-llm-lake"
            />
            <TextInput
              label="Prefix"
              size="xs"
              w={200}
              value={prefix}
              onChange={(e) => setPrefix(e.currentTarget.value)}
              placeholder="sightline/prod"
            />
            <TextInput
              label="Region"
              size="xs"
              w={130}
              value={region}
              onChange={(e) => setRegion(e.currentTarget.value)}
            />
            <TextInput
              label="Endpoint (optional)"
              description="An S3-compatible endpoint; AWS's S3 when empty"
              size="xs"
              w={280}
              value={endpoint}
              onChange={(e) => setEndpoint(e.currentTarget.value)}
              placeholder="https://minio.example.com"
            />
          </Group>
          <Group align="end">
            <Checkbox.Group label="Tables" value={tables} onChange={setTables}>
              <Group gap="md" mt={4}>
                {TABLES.map((t) => (
                  <Checkbox key={t} value={t} label={t} />
                ))}
              </Group>
            </Checkbox.Group>
            <Select
              label="Format"
              size="xs"
              w={100}
              data={["jsonl", "csv"]}
              value={format}
              onChange={(v) => v && setFormat(v)}
              allowDeselect={false}
            />
            <Select
              label="Frequency"
              size="xs"
              w={110}
              data={["hourly", "daily"]}
              value={frequency}
              onChange={(v) => v && setFrequency(v)}
              allowDeselect={false}
            />
            {!config && (
              <TextInput
                label="Start from (optional)"
                description="Rows received from then on; now when empty"
                size="xs"
                type="datetime-local"
                value={startFrom}
                onChange={(e) => setStartFrom(e.currentTarget.value)}
              />
            )}
            <Switch label="Enabled" mb={4} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Credentials
            </Text>
            <SegmentedControl
              size="xs"
              w={360}
              value={keys}
              onChange={(v) => setKeys(v as "service" | "own")}
              data={[
                { value: "service", label: "Service credentials" },
                { value: "own", label: "Bucket's own keys" },
              ]}
            />
          </Stack>
          {keys === "own" ? (
            <Group align="end">
              <TextInput
                label="Access key id"
                size="xs"
                w={240}
                required={!keepKeys}
                value={accessKeyId}
                onChange={(e) => setAccessKeyId(e.currentTarget.value)}
              />
              <PasswordInput
                label="Secret access key"
                size="xs"
                w={300}
                required={!keepKeys}
                autoComplete="new-password"
                value={secret}
                onChange={(e) => setSecret(e.currentTarget.value)}
                description={
                  config?.hasCredentials
                    ? "Keys are stored (encrypted, never shown): leave empty to keep them"
                    : "Stored encrypted; never shown again"
                }
              />
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              The service's own AWS credentials write (on AWS, the exports function's role: the bucket policy must let
              it in). No secret is stored.
            </Text>
          )}
          <Group>
            <Button
              type="submit"
              size="xs"
              loading={save.isPending}
              disabled={!name.trim() || !bucket.trim() || tables.length === 0 || needsSecret}
            >
              {config ? "Save export" : "Create export"}
            </Button>
            <Button size="xs" variant="subtle" onClick={onDone}>
              Cancel
            </Button>
          </Group>
          <ErrorNote error={save.error} />
        </Stack>
      </form>
    </Paper>
  );
}

const destination = (c: ExportConfig) =>
  `s3://${c.bucket}${c.prefix ? `/${c.prefix}` : ""}${c.endpoint ? ` at ${c.endpoint}` : ""} (${c.region})`;

function ExportRow({ config, onEdit, onChange }: { config: ExportConfig; onEdit: () => void; onChange: () => void }) {
  const toggle = useMutation({
    mutationFn: () =>
      send("PUT", `/v1/export-configs/${seg(config.id)}`, { ...definition(config), enabled: !config.enabled }),
    onSuccess: onChange,
  });
  const remove = useMutation({
    mutationFn: () => send("DELETE", `/v1/export-configs/${seg(config.id)}`),
    onSuccess: onChange,
  });
  return (
    <Table.Tr data-testid={`export-${config.name}`}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {config.name}
        </Text>
        <Text size="xs" c="dimmed">
          {destination(config)}
        </Text>
        <ErrorNote error={toggle.error ?? remove.error} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {config.tables.join(", ")} · {config.format} · {config.frequency}
        </Text>
        <Text size="xs" c="dimmed">
          {config.hasCredentials ? `bucket keys ${config.accessKeyId ?? ""}` : "service credentials"}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="last-exported">
          {fmtDate(config.lastExportedAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="last-run">
          {config.lastRunAt ? fmtDate(config.lastRunAt) : "never"}
        </Text>
        {config.lastError ? (
          <Text size="xs" c="red" data-testid="last-error">
            {config.lastError}
          </Text>
        ) : (
          config.lastRunAt && (
            <Badge size="xs" variant="light" color="green">
              ok
            </Badge>
          )
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Enable ${config.name}`}
          checked={config.enabled}
          disabled={toggle.isPending}
          onChange={() => toggle.mutate()}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={remove.isPending}
            onClick={() => window.confirm(`Delete the export ${config.name}?`) && remove.mutate()}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The project's scheduled exports to S3 (docs/export.md, "Console"): each one's mark, last run and last error. */
export default function ScheduledExportsPage() {
  const queryClient = useQueryClient();
  const configs = useQuery({
    queryKey: ["export-configs"],
    queryFn: () => get<{ data: ExportConfig[] }>("/v1/export-configs"),
  });
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["export-configs"] });
  const done = () => {
    setEditing(null);
    refresh();
  };
  const list = configs.data?.data ?? [];
  const edited = list.find((c) => c.id === editing) ?? null;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Scheduled exports</Title>
        <Button size="xs" onClick={() => setEditing("new")} disabled={editing !== null}>
          New export
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Writes the project's traces, observations and scores to an S3 bucket every hour or day, one object per table and
        window. Every row received before an export's mark has been written; a failed window is written again on the
        next run.
      </Text>
      {editing === "new" && <ExportForm config={null} onDone={done} />}
      {edited && <ExportForm key={edited.id} config={edited} onDone={done} />}
      <ErrorNote error={configs.error} />
      {configs.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <Empty>No scheduled exports.</Empty>
      ) : (
        <Table data-testid="export-configs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Export</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Exported up to</Table.Th>
              <Table.Th>Last run</Table.Th>
              <Table.Th>Enabled</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((c) => (
              <ExportRow key={`${c.id}-${c.updatedAt}`} config={c} onEdit={() => setEditing(c.id)} onChange={refresh} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
