import { Badge, Button, Code, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { Page } from "../types";

interface Automation {
  id: string;
  name: string;
  trigger: string;
  action: string;
  target: string;
  hasSecret: boolean;
  threshold: number | null;
  filter: unknown[] | null;
  enabled: boolean;
}

interface Delivery {
  id: string;
  type: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

const TRIGGERS = [
  "score.created",
  "trace.created",
  "eval.completed",
  "prompt.created",
  "prompt.updated",
  "prompt.label.moved",
  "alert.firing",
  "alert.resolved",
  "comment.created",
];
const ACTIONS = ["webhook", "slack", "github"];

function Deliveries({ automation }: { automation: Automation }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: ["deliveries", automation.id],
    queryFn: () => get<Page<Delivery>>(`/v1/automations/${seg(automation.id)}/deliveries`, { limit: 50 }),
    refetchInterval: 5000,
  });
  const retry = useMutation({
    mutationFn: (d: Delivery) => send("POST", `/v1/automations/${seg(automation.id)}/deliveries/${seg(d.id)}/retry`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["deliveries", automation.id] }),
  });
  const test = useMutation({
    mutationFn: () => send("POST", `/v1/automations/${seg(automation.id)}/test`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["deliveries", automation.id] }),
  });
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Delivery log: {automation.name}</Text>
        <Button size="xs" variant="light" onClick={() => test.mutate()} loading={test.isPending}>
          Send a test event
        </Button>
      </Group>
      <ErrorNote error={deliveries.error ?? retry.error ?? test.error} />
      {deliveries.isPending ? (
        <Loading />
      ) : deliveries.data?.data.length === 0 ? (
        <Empty>No deliveries yet.</Empty>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Attempts</Table.Th>
              <Table.Th>Last answer</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data?.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text size="xs">{fmtDate(d.createdAt)}</Text>
                </Table.Td>
                <Table.Td>{d.type}</Table.Td>
                <Table.Td>
                  <Badge
                    size="sm"
                    color={d.status === "succeeded" ? "green" : d.status === "failed" ? "red" : "yellow"}
                  >
                    {d.status}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{d.attempts}</Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {d.responseStatus ?? ""} {d.error ?? ""}
                    {d.nextAttemptAt ? ` · next ${fmtDate(d.nextAttemptAt)}` : ""}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {d.status === "failed" && (
                    <Button size="compact-xs" variant="light" onClick={() => retry.mutate(d)}>
                      Retry
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Automations (webhook, Slack, GitHub) with their delivery logs: create, enable or disable, delete, test, retry. */
export default function AutomationsPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["automations"], queryFn: () => get<{ data: Automation[] }>("/v1/automations") });
  const [draft, setDraft] = useState({ name: "", trigger: "score.created", action: "webhook", target: "" });
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["automations"] });
  const create = useMutation({
    mutationFn: () => send<Automation & { secret?: string }>("POST", "/v1/automations", draft),
    onSuccess: (a) => {
      setSecret(a.secret ?? null);
      setDraft({ ...draft, name: "", target: "" });
      void refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (a: Automation) =>
      send("PUT", `/v1/automations/${seg(a.id)}`, {
        name: a.name,
        trigger: a.trigger,
        action: a.action,
        target: a.target,
        filter: a.filter,
        threshold: a.threshold,
        enabled: !a.enabled,
      }),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (a: Automation) => send("DELETE", `/v1/automations/${seg(a.id)}`),
    onSuccess: () => void refresh(),
  });
  const selected = list.data?.data.find((a) => a.id === params.get("automation"));
  return (
    <Stack>
      <Title order={2}>Automations</Title>
      <Paper withBorder p="sm">
        <Group align="end">
          <TextInput
            label="Name"
            size="xs"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <Select
            label="Trigger"
            size="xs"
            w={170}
            data={TRIGGERS}
            value={draft.trigger}
            onChange={(v) => setDraft({ ...draft, trigger: v ?? draft.trigger })}
            allowDeselect={false}
          />
          <Select
            label="Action"
            size="xs"
            w={110}
            data={ACTIONS}
            value={draft.action}
            onChange={(v) => setDraft({ ...draft, action: v ?? draft.action })}
            allowDeselect={false}
          />
          <TextInput
            label="Target (URL or owner/repo)"
            size="xs"
            w={260}
            value={draft.target}
            onChange={(e) => setDraft({ ...draft, target: e.currentTarget.value })}
          />
          <Button
            size="xs"
            onClick={() => create.mutate()}
            loading={create.isPending}
            disabled={!draft.name.trim() || !draft.target.trim()}
          >
            Create
          </Button>
        </Group>
        <ErrorNote error={create.error} />
        {secret && (
          <Text size="sm" mt="xs">
            Signing secret, shown only now: <Code>{secret}</Code>
          </Text>
        )}
      </Paper>
      <ErrorNote error={list.error ?? toggle.error ?? remove.error} />
      {list.isPending ? (
        <Loading />
      ) : list.data?.data.length === 0 ? (
        <Empty>No automations.</Empty>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Trigger</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Target</Table.Th>
              <Table.Th>Enabled</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.data.map((a) => (
              <Table.Tr key={a.id} bg={a.id === selected?.id ? "var(--mantine-primary-color-light)" : undefined}>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setParams({ automation: a.id }, { replace: true })}
                  >
                    {a.name}
                  </Button>
                </Table.Td>
                <Table.Td>{a.trigger}</Table.Td>
                <Table.Td>{a.action}</Table.Td>
                <Table.Td>
                  <Text size="xs">{a.target}</Text>
                </Table.Td>
                <Table.Td>{a.enabled ? "yes" : "no"}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="light" onClick={() => toggle.mutate(a)}>
                      {a.enabled ? "Disable" : "Enable"}
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
      {selected && <Deliveries automation={selected} />}
    </Stack>
  );
}
