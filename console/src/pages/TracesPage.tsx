import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { get } from "../api";
import { ExportButton } from "../components/ExportButton";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs, tokensOf } from "../format";
import type { Observation, Page, Score, TraceRow } from "../types";

interface Condition {
  column: string;
  operator: string;
  value: string | number | string[];
}

const SIMPLE = ["name", "userId", "sessionId", "environment"] as const;
const OPERATORS = ["=", "!=", ">", ">=", "<", "<="];

export function parseFilter(raw: string | null): Condition[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as Condition[]) : [];
  } catch {
    return [];
  }
}

export const scoreLabel = (s: Pick<Score, "value" | "stringValue">) =>
  s.stringValue ?? (s.value == null ? "–" : Number.isInteger(s.value) ? String(s.value) : s.value.toFixed(2));

/** Traces, newest first, with the list's filters in the query string so a view can be shared. */
export default function TracesPage() {
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get("filter"));
  const query = Object.fromEntries([
    ...SIMPLE.map((k) => [k, params.get(k)]),
    ["filter", params.get("filter")],
    ["cursor", params.get("cursor")],
    ["limit", 50],
  ]);
  const traces = useQuery({ queryKey: ["traces", query], queryFn: () => get<Page<TraceRow>>("/v1/traces", query) });
  const ids = traces.data?.data.map((t) => t.id) ?? [];
  const scores = useQuery({
    queryKey: ["trace-scores", ids],
    enabled: ids.length > 0,
    queryFn: () =>
      get<Page<Score>>("/v1/scores", {
        filter: JSON.stringify([{ column: "traceId", operator: "in", value: ids }]),
        limit: 1000,
      }),
  });
  // The list has no token counts: the generations of the page's traces, summed per trace (one request a page).
  const generations = useQuery({
    queryKey: ["trace-tokens", ids],
    enabled: ids.length > 0,
    queryFn: () =>
      get<Page<Observation>>("/v1/observations", {
        filter: JSON.stringify([
          { column: "traceId", operator: "in", value: ids },
          { column: "type", operator: "=", value: "GENERATION" },
        ]),
        limit: 1000,
      }),
  });
  const tokensOfTrace = new Map<string, number>();
  for (const o of generations.data?.data ?? [])
    tokensOfTrace.set(o.traceId, (tokensOfTrace.get(o.traceId) ?? 0) + (tokensOf(o.usageDetails) ?? 0));
  const tokensPartial = Boolean(generations.data?.nextCursor);
  const scoresOf = new Map<string, Score[]>();
  for (const s of scores.data?.data ?? [])
    if (s.traceId) scoresOf.set(s.traceId, [...(scoresOf.get(s.traceId) ?? []), s]);

  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) v ? next.set(k, v) : next.delete(k);
    if (!("cursor" in change)) next.delete("cursor");
    setParams(next);
  };
  const setFilter = (conditions: Condition[]) =>
    update({ filter: conditions.length ? JSON.stringify(conditions) : null });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Traces</Title>
        <ExportButton table="traces" filters={query} />
      </Group>
      <Paper withBorder p="sm">
        <Group align="end" gap="sm">
          {SIMPLE.map((k) => (
            <SimpleFilter
              key={`${k}:${params.get(k) ?? ""}`}
              name={k}
              value={params.get(k) ?? ""}
              onApply={(v) => update({ [k]: v || null })}
            />
          ))}
          <ScoreFilter onAdd={(c) => setFilter([...filter, c])} />
        </Group>
        {filter.length > 0 && (
          <Group gap="xs" mt="sm" aria-label="Active filters">
            {filter.map((c, i) => (
              <Badge
                key={i}
                variant="light"
                size="lg"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Remove filter ${c.column}`}
                    onClick={() => setFilter(filter.filter((_, j) => j !== i))}
                  />
                }
              >
                {c.column} {c.operator} {JSON.stringify(c.value)}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>
      <ErrorNote error={traces.error} />
      {traces.isPending ? (
        <Loading />
      ) : traces.data && traces.data.data.length === 0 ? (
        <Empty>No traces match. Send some with POST /v1/ingest or an SDK.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="traces-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Session</Table.Th>
                <Table.Th>Env</Table.Th>
                <Table.Th ta="right">Obs.</Table.Th>
                <Table.Th ta="right">Latency</Table.Th>
                <Table.Th ta="right">Tokens</Table.Th>
                <Table.Th ta="right">Cost</Table.Th>
                <Table.Th>Scores</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {traces.data?.data.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Text size="xs">{fmtDate(t.timestamp)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/traces/${encodeURIComponent(t.id)}`} size="sm">
                      {t.name ?? t.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t.userId ?? "–"}</Table.Td>
                  <Table.Td>
                    {t.sessionId ? (
                      <Anchor component={Link} to={`/sessions/${encodeURIComponent(t.sessionId)}`} size="sm">
                        {t.sessionId}
                      </Anchor>
                    ) : (
                      "–"
                    )}
                  </Table.Td>
                  <Table.Td>{t.environment}</Table.Td>
                  <Table.Td ta="right">{t.observationCount}</Table.Td>
                  <Table.Td ta="right">{fmtMs(t.latencyMs)}</Table.Td>
                  <Table.Td ta="right">
                    {tokensOfTrace.has(t.id) ? `${tokensOfTrace.get(t.id)}${tokensPartial ? "+" : ""}` : "–"}
                  </Table.Td>
                  <Table.Td ta="right">{fmtCost(t.totalCost)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {(scoresOf.get(t.id) ?? []).slice(0, 4).map((s) => (
                        <Badge key={s.id} size="sm" variant="outline" tt="none">
                          {s.name}: {scoreLabel(s)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        {params.get("cursor") && (
          <Button variant="default" size="xs" onClick={() => update({ cursor: null })}>
            First page
          </Button>
        )}
        {traces.data?.nextCursor && (
          <Button variant="default" size="xs" onClick={() => update({ cursor: traces.data.nextCursor })}>
            Next page
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function SimpleFilter({ name, value, onApply }: { name: string; value: string; onApply: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <TextInput
      label={name}
      size="xs"
      w={140}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onKeyDown={(e) => e.key === "Enter" && onApply(draft.trim())}
      onBlur={() => draft.trim() !== value && onApply(draft.trim())}
    />
  );
}

function ScoreFilter({ onAdd }: { onAdd: (c: Condition) => void }) {
  const [name, setName] = useState("");
  const [operator, setOperator] = useState<string>(">=");
  const [value, setValue] = useState("");
  const add = () => {
    if (!name.trim() || value.trim() === "") return;
    const n = Number(value);
    onAdd({
      column: `scores.${name.trim()}`,
      operator,
      value: Number.isFinite(n) && value.trim() !== "" ? n : value.trim(),
    });
    setName("");
    setValue("");
  };
  return (
    <Group gap={4} align="end">
      <TextInput
        label="score"
        placeholder="name"
        size="xs"
        w={120}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Select
        aria-label="Score operator"
        size="xs"
        w={70}
        data={OPERATORS}
        value={operator}
        onChange={(v) => setOperator(v ?? "=")}
        allowDeselect={false}
      />
      <TextInput
        aria-label="Score value"
        placeholder="value"
        size="xs"
        w={90}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => e.key === "Enter" && add()}
      />
      <Button size="xs" variant="light" onClick={add}>
        Add score filter
      </Button>
    </Group>
  );
}
