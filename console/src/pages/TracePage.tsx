import {
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { get } from "../api";
import { AddToDataset } from "../components/AddToDataset";
import { Body } from "../components/Body";
import { CommentThread } from "../components/CommentThread";
import { ShareTrace } from "../components/ShareTrace";
import { ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs, tokensOf } from "../format";
import { seedFromGeneration } from "../playground";
import type { Observation, Score, TraceDetail } from "../types";
import { scoreLabel } from "./TracesPage";

interface Row {
  id: string;
  depth: number;
  obs: Observation | null;
  hasChildren: boolean;
  start: number;
  end: number;
}

const TYPE_COLOR: Record<string, string> = {
  GENERATION: "violet",
  SPAN: "blue",
  EVENT: "gray",
  TOOL: "teal",
  AGENT: "orange",
  RETRIEVER: "cyan",
};
const ROW_HEIGHT = 30;
const ms = (s: string | null) => (s ? Date.parse(s) : NaN);

/** The trace's observations as a depth-first list of visible rows, children by start time; the trace is row 0. */
export function flattenTree(
  trace: TraceDetail,
  collapsed: ReadonlySet<string>,
): { rows: Row[]; t0: number; span: number } {
  const ids = new Set(trace.observations.map((o) => o.id));
  const children = new Map<string | null, Observation[]>();
  let t0 = ms(trace.timestamp);
  let t1 = t0;
  for (const o of trace.observations) {
    const parent = o.parentObservationId && ids.has(o.parentObservationId) ? o.parentObservationId : null;
    const list = children.get(parent);
    if (list) list.push(o);
    else children.set(parent, [o]);
    const s = ms(o.startTime);
    const e = ms(o.endTime);
    if (!Number.isNaN(s) && !(s >= t0)) t0 = s;
    if (!Number.isNaN(e) && !(e <= t1)) t1 = e;
    if (!Number.isNaN(s) && !(s <= t1)) t1 = s;
  }
  if (Number.isNaN(t0)) t0 = 0;
  if (Number.isNaN(t1) || t1 < t0) t1 = t0;
  for (const list of children.values()) list.sort((a, b) => (ms(a.startTime) || 0) - (ms(b.startTime) || 0));
  const rows: Row[] = [{ id: "", depth: 0, obs: null, hasChildren: trace.observations.length > 0, start: t0, end: t1 }];
  if (!collapsed.has("")) {
    // Iterative depth-first walk: a deep chain of spans must not overflow the stack.
    const stack: { o: Observation; depth: number }[] = (children.get(null) ?? [])
      .map((o) => ({ o, depth: 1 }))
      .reverse();
    while (stack.length) {
      const { o, depth } = stack.pop()!;
      const kids = children.get(o.id) ?? [];
      const s = ms(o.startTime);
      const e = ms(o.endTime);
      rows.push({
        id: o.id,
        depth,
        obs: o,
        hasChildren: kids.length > 0,
        start: Number.isNaN(s) ? t0 : s,
        end: Number.isNaN(e) ? (Number.isNaN(s) ? t0 : s) : e,
      });
      if (!collapsed.has(o.id))
        for (let i = kids.length - 1; i >= 0; i--) stack.push({ o: kids[i]!, depth: depth + 1 });
    }
  }
  return { rows, t0, span: Math.max(t1 - t0, 1) };
}

/** One trace: the observation tree with its timeline, the selected node's input and output, and every score. */
export default function TracePage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const trace = useQuery({
    queryKey: ["trace", id],
    queryFn: () => get<TraceDetail>(`/v1/traces/${encodeURIComponent(id)}`),
  });
  const selected = params.get("observation") ?? "";
  const select = (obsId: string) => {
    const next = new URLSearchParams(params);
    obsId ? next.set("observation", obsId) : next.delete("observation");
    setParams(next, { replace: true });
  };

  if (trace.isPending) return <Loading />;
  if (trace.error) return <ErrorNote error={trace.error} />;
  const t = trace.data;
  const obs = t.observations.find((o) => o.id === selected) ?? null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={2}>{t.name ?? t.id}</Title>
          <Text size="xs" c="dimmed">
            {t.id} · {fmtDate(t.timestamp)} · {t.environment}
            {t.userId ? ` · user ${t.userId}` : ""}
            {t.sessionId ? " · session " : ""}
            {t.sessionId && (
              <Anchor component={Link} to={`/sessions/${encodeURIComponent(t.sessionId)}`} size="xs">
                {t.sessionId}
              </Anchor>
            )}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="light">{t.observations.length} observations</Badge>
          <Badge variant="light">{fmtMs(t.latencyMs)}</Badge>
          <Badge variant="light">{fmtCost(t.totalCost)}</Badge>
          {t.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
          <ShareTrace traceId={t.id} />
        </Group>
      </Group>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Tree trace={t} selected={selected} onSelect={select} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm">
            {obs ? <ObservationView obs={obs} /> : <TraceIo trace={t} />}
          </Paper>
        </Grid.Col>
      </Grid>
      <Scores scores={t.scores} onSelect={select} />
      {obs && <CommentThread key={obs.id} objectType="OBSERVATION" objectId={obs.id} />}
      <CommentThread objectType="TRACE" objectId={t.id} />
    </Stack>
  );
}

export function Tree({
  trace,
  selected,
  onSelect,
}: {
  trace: TraceDetail;
  selected: string;
  onSelect: (id: string) => void;
}) {
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const { rows, t0, span } = useMemo(() => flattenTree(trace, collapsed), [trace, collapsed]);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const index = Math.max(
    0,
    rows.findIndex((r) => r.id === selected),
  );
  const toggle = (id: string, open?: boolean) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      const close = open === undefined ? !next.has(id) : !open;
      close ? next.add(id) : next.delete(id);
      return next;
    });

  const onKeyDown = (e: React.KeyboardEvent) => {
    const move = (to: number) => {
      const row = rows[Math.min(rows.length - 1, Math.max(0, to))];
      if (!row) return;
      e.preventDefault();
      onSelect(row.id);
      virtualizer.scrollToIndex(rows.indexOf(row), { align: "auto" });
    };
    if (e.key === "ArrowDown" || e.key === "j") move(index + 1);
    else if (e.key === "ArrowUp" || e.key === "k") move(index - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(rows.length - 1);
    else if (e.key === "ArrowLeft" && rows[index]?.hasChildren) {
      e.preventDefault();
      toggle(rows[index]!.id, false);
    } else if (e.key === "ArrowRight" && rows[index]?.hasChildren) {
      e.preventDefault();
      toggle(rows[index]!.id, true);
    }
  };

  return (
    <Paper withBorder>
      <Group
        px="xs"
        py={4}
        justify="space-between"
        style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
      >
        <Text size="xs" fw={600}>
          Observations
        </Text>
        <Text size="xs" c="dimmed">
          timeline 0 – {fmtMs(span)} · ↑↓ move · ←→ fold
        </Text>
      </Group>
      <div
        ref={parentRef}
        role="tree"
        aria-label="Observation tree"
        aria-activedescendant={`obs-row-${index}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="observation-tree"
        style={{ height: "min(65vh, 640px)", overflow: "auto", outlineOffset: -2 }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index]!;
            const isSel = row.id === selected;
            const left = ((row.start - t0) / span) * 100;
            const width = Math.max(((row.end - row.start) / span) * 100, 0.4);
            const type = row.obs?.type ?? "TRACE";
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the tree (role="tree") handles the keys for its active row.
              // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the tree, which names this row active.
              <div
                key={row.id || "trace"}
                id={`obs-row-${v.index}`}
                role="treeitem"
                aria-selected={isSel}
                aria-level={row.depth + 1}
                aria-expanded={row.hasChildren ? !collapsed.has(row.id) : undefined}
                data-testid="obs-row"
                onClick={() => onSelect(row.id)}
                style={{
                  position: "absolute",
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${v.start}px)`,
                  display: "flex",
                  alignItems: "center",
                  cursor: "pointer",
                  background: isSel ? "var(--mantine-primary-color-light)" : undefined,
                  borderBottom: "1px solid var(--mantine-color-default-border)",
                }}
              >
                <div
                  style={{
                    width: "45%",
                    paddingLeft: 6 + row.depth * 14,
                    display: "flex",
                    alignItems: "center",
                    gap: 4,
                    overflow: "hidden",
                    whiteSpace: "nowrap",
                  }}
                >
                  {row.hasChildren ? (
                    <UnstyledButton
                      aria-label={collapsed.has(row.id) ? "Expand" : "Collapse"}
                      onClick={(e) => {
                        e.stopPropagation();
                        toggle(row.id);
                      }}
                      style={{ width: 14, fontSize: 10 }}
                    >
                      {collapsed.has(row.id) ? "▶" : "▼"}
                    </UnstyledButton>
                  ) : (
                    <span style={{ width: 14 }} />
                  )}
                  <Badge size="xs" variant="light" color={TYPE_COLOR[type] ?? "indigo"} radius="xs">
                    {type}
                  </Badge>
                  <Text size="xs" truncate c={row.obs?.level === "ERROR" ? "red" : undefined}>
                    {row.obs ? (row.obs.name ?? row.obs.id) : (trace.name ?? trace.id)}
                  </Text>
                </div>
                <div
                  style={{ flex: 1, position: "relative", height: 12, marginRight: 8 }}
                  title={fmtMs(row.end - row.start)}
                >
                  <Box
                    style={{
                      position: "absolute",
                      left: `${left}%`,
                      width: `${width}%`,
                      height: "100%",
                      borderRadius: 2,
                    }}
                    bg={`${TYPE_COLOR[type] ?? "indigo"}.5`}
                  />
                </div>
                <Text size="xs" c="dimmed" w={64} ta="right" pr={6}>
                  {fmtMs(row.end - row.start)}
                </Text>
              </div>
            );
          })}
        </div>
      </div>
    </Paper>
  );
}

/** The trace's own input and output; `readOnly` as for `ObservationView`. */
export function TraceIo({ trace, readOnly = false }: { trace: TraceDetail; readOnly?: boolean }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>Trace</Text>
      {!readOnly && <AddToDataset key={trace.id} traceId={trace.id} output={trace.output} />}
      <Text size="xs" fw={600} c="dimmed">
        INPUT
      </Text>
      <Body value={trace.input} label="Input" media={!readOnly} />
      <Text size="xs" fw={600} c="dimmed">
        OUTPUT
      </Text>
      <Body value={trace.output} label="Output" media={!readOnly} />
      {trace.metadata != null && Object.keys(trace.metadata as object).length > 0 && (
        <>
          <Text size="xs" fw={600} c="dimmed">
            METADATA
          </Text>
          <Body value={trace.metadata} label="Metadata" media={!readOnly} />
        </>
      )}
    </Stack>
  );
}

/** One observation's details; `readOnly` (a shared link's page, signed out) leaves out the actions that call the API. */
export function ObservationView({ obs, readOnly = false }: { obs: Observation; readOnly?: boolean }) {
  const tokens = tokensOf(obs.usageDetails);
  const navigate = useNavigate();
  return (
    <Stack gap="xs" data-testid="observation-detail">
      <Group gap="xs">
        <Badge color={TYPE_COLOR[obs.type] ?? "indigo"}>{obs.type}</Badge>
        <Text fw={600}>{obs.name ?? obs.id}</Text>
        {obs.type === "GENERATION" && !readOnly && (
          // Its messages, model, parameters and tools, ready to run again (docs/playground.md).
          <Button
            size="compact-xs"
            variant="light"
            ml="auto"
            onClick={() => navigate("/playground", { state: { seed: seedFromGeneration(obs) } })}
          >
            Open in playground
          </Button>
        )}
      </Group>
      {!readOnly && <AddToDataset key={obs.id} traceId={obs.traceId} observationId={obs.id} output={obs.output} />}
      <Text size="xs" c="dimmed">
        {fmtDate(obs.startTime)} · {fmtMs(obs.latencyMs)}
        {obs.model ? ` · ${obs.model}` : ""}
        {tokens != null ? ` · ${tokens} tokens` : ""}
        {obs.totalCost != null ? ` · ${fmtCost(obs.totalCost)}` : ""}
        {obs.timeToFirstTokenMs != null ? ` · first token ${fmtMs(obs.timeToFirstTokenMs)}` : ""}
      </Text>
      {obs.promptName && (
        <Text size="xs">
          Prompt{" "}
          <Anchor
            component={Link}
            to={`/prompts/${encodeURIComponent(obs.promptName)}${obs.promptVersion ? `?version=${obs.promptVersion}` : ""}`}
            size="xs"
          >
            {obs.promptName} v{obs.promptVersion}
          </Anchor>
        </Text>
      )}
      {obs.statusMessage && (
        <Text size="xs" c={obs.level === "ERROR" ? "red" : "dimmed"}>
          {obs.level}: {obs.statusMessage}
        </Text>
      )}
      <Text size="xs" fw={600} c="dimmed">
        INPUT
      </Text>
      <ScrollArea.Autosize mah={360}>
        <Body key={`${obs.id}-in`} value={obs.input} label="Input" media={!readOnly} />
      </ScrollArea.Autosize>
      <Text size="xs" fw={600} c="dimmed">
        OUTPUT
      </Text>
      <ScrollArea.Autosize mah={360}>
        <Body key={`${obs.id}-out`} value={obs.output} label="Output" media={!readOnly} />
      </ScrollArea.Autosize>
      {Object.keys(obs.usageDetails ?? {}).length > 0 && (
        <Body value={{ usage: obs.usageDetails, cost: obs.costDetails }} label="Usage" />
      )}
    </Stack>
  );
}

export function Scores({ scores, onSelect }: { scores: Score[]; onSelect: (id: string) => void }) {
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        Scores
      </Text>
      {scores.length === 0 ? (
        <Text size="sm" c="dimmed">
          No scores yet.
        </Text>
      ) : (
        <Table data-testid="scores-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>On</Table.Th>
              <Table.Th>Comment</Table.Th>
              <Table.Th>Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {scores.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{scoreLabel(s)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light">
                    {s.source}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {s.observationId ? (
                    <Anchor size="sm" onClick={() => onSelect(s.observationId!)}>
                      observation
                    </Anchor>
                  ) : (
                    "trace"
                  )}
                </Table.Td>
                <Table.Td>{s.comment ?? ""}</Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(s.timestamp)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
