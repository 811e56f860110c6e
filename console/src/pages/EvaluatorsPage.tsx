import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { get, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import type { Page } from "../types";

export interface Evaluator {
  id: string;
  name: string;
  version: number;
  kind: "JUDGE" | "CODE";
  description: string | null;
  prompt: string | null;
  provider: string | null;
  model: string | null;
  expression: string | null;
  online: boolean;
  samplingRate: number;
  scope: string;
  scoreDataType: string;
  scoreName: string | null;
  createdAt: string;
}

interface Template {
  id: string;
  name: string;
  category: string;
  description: string;
}

interface Preset {
  id: string;
  name: string;
  description: string;
  expression: string;
}

const PROVIDERS = ["mock", "openai", "anthropic"];

/** Evaluators with their kind, version and online settings; create one from a judge template or a code preset. */
export default function EvaluatorsPage() {
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ["evaluators"],
    queryFn: () => get<Page<Evaluator>>("/v1/evaluators", { limit: 200 }),
  });
  const templates = useQuery({
    queryKey: ["evaluator-templates"],
    queryFn: () => get<{ data: Template[] }>("/v1/evaluators/templates"),
  });
  const presets = useQuery({
    queryKey: ["evaluator-presets"],
    queryFn: () => get<{ data: Preset[] }>("/v1/evaluators/presets"),
  });
  const [template, setTemplate] = useState<string | null>(null);
  const [provider, setProvider] = useState("mock");
  const [model, setModel] = useState("mock-judge");
  const [preset, setPreset] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [dataType, setDataType] = useState("BOOLEAN");
  const fromTemplate = useMutation({
    mutationFn: () =>
      send<Evaluator>("POST", "/v1/evaluators/from-template", {
        template,
        provider,
        model,
        ...(name.trim() ? { name: name.trim() } : {}),
      }),
    onSuccess: (e) => navigate(`/evaluators/${encodeURIComponent(e.name)}`),
  });
  const fromPreset = useMutation({
    mutationFn: () => {
      const p = presets.data?.data.find((x) => x.id === preset);
      return send<Evaluator>("POST", "/v1/evaluators", {
        name: name.trim() || p?.id,
        kind: "CODE",
        expression: p?.expression,
        scoreDataType: dataType,
      });
    },
    onSuccess: (e) => navigate(`/evaluators/${encodeURIComponent(e.name)}`),
  });

  return (
    <Stack>
      <Title order={2}>Evaluators</Title>
      <Paper withBorder p="sm">
        <Tabs defaultValue="template">
          <Tabs.List mb="sm">
            <Tabs.Tab value="template">From a judge template</Tabs.Tab>
            <Tabs.Tab value="preset">From a code preset</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="template">
            <Group align="end">
              <Select
                label="Template"
                size="xs"
                w={260}
                searchable
                data={(templates.data?.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.category})` }))}
                value={template}
                onChange={setTemplate}
              />
              <Select
                label="Provider"
                size="xs"
                w={120}
                data={PROVIDERS}
                value={provider}
                onChange={(v) => setProvider(v ?? "mock")}
                allowDeselect={false}
              />
              <TextInput label="Model" size="xs" value={model} onChange={(e) => setModel(e.currentTarget.value)} />
              <TextInput
                label="Name (optional)"
                size="xs"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <Button
                size="xs"
                disabled={!template}
                loading={fromTemplate.isPending}
                onClick={() => fromTemplate.mutate()}
              >
                Create
              </Button>
            </Group>
            {template && (
              <Text size="xs" c="dimmed" mt="xs">
                {templates.data?.data.find((t) => t.id === template)?.description}
              </Text>
            )}
            <ErrorNote error={fromTemplate.error} />
          </Tabs.Panel>
          <Tabs.Panel value="preset">
            <Group align="end">
              <Select
                label="Preset"
                size="xs"
                w={260}
                data={(presets.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                value={preset}
                onChange={setPreset}
              />
              <Select
                label="Score type"
                size="xs"
                w={130}
                data={["BOOLEAN", "NUMERIC", "CATEGORICAL"]}
                value={dataType}
                onChange={(v) => setDataType(v ?? "BOOLEAN")}
                allowDeselect={false}
              />
              <TextInput label="Name" size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <Button size="xs" disabled={!preset} loading={fromPreset.isPending} onClick={() => fromPreset.mutate()}>
                Create
              </Button>
            </Group>
            {preset && (
              <Text size="xs" c="dimmed" mt="xs">
                {presets.data?.data.find((p) => p.id === preset)?.expression}
              </Text>
            )}
            <ErrorNote error={fromPreset.error} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <ErrorNote error={list.error} />
      {list.isPending ? (
        <Loading />
      ) : list.data?.data.length === 0 ? (
        <Empty>No evaluators yet.</Empty>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Scope</Table.Th>
              <Table.Th>Score</Table.Th>
              <Table.Th>Online</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/evaluators/${encodeURIComponent(e.name)}`}>
                    {e.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{e.kind}</Table.Td>
                <Table.Td>v{e.version}</Table.Td>
                <Table.Td>{e.scope}</Table.Td>
                <Table.Td>
                  {e.scoreName ?? e.name} <Badge size="xs">{e.scoreDataType}</Badge>
                </Table.Td>
                <Table.Td>
                  {e.online ? (
                    <Badge color="green" size="sm">
                      {Math.round(e.samplingRate * 100)}%
                    </Badge>
                  ) : (
                    "off"
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
