import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { get } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import type { MetricRow } from "../types";

interface Metrics {
  data: MetricRow[];
}

const dayIso = (d: Date) => d.toISOString().slice(0, 10);

function Chart({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** Sums rows per key (a model or an environment) over the window. */
function byKey(rows: MetricRow[], key: "model" | "environment") {
  const out = new Map<
    string,
    { key: string; costUsd: number; totalTokens: number; traces: number; observations: number }
  >();
  for (const r of rows) {
    const k = String(r[key] ?? "(none)");
    const acc = out.get(k) ?? { key: k, costUsd: 0, totalTokens: 0, traces: 0, observations: 0 };
    acc.costUsd += r.costUsd;
    acc.totalTokens += r.totalTokens;
    acc.traces += r.traces;
    acc.observations += r.observations;
    out.set(k, acc);
  }
  return [...out.values()].sort((a, b) => b.costUsd - a.costUsd);
}

/** Cost, tokens, counts and latency percentiles by day, model and environment; the window is in the query string. */
export default function MetricsPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? dayIso(new Date(Date.now() - 29 * 86_400_000));
  const to = params.get("to") ?? dayIso(new Date(Date.now() + 86_400_000));
  const base = {
    from: `${from}T00:00:00Z`,
    to: `${to}T00:00:00Z`,
    environment: params.get("environment"),
    model: params.get("model"),
  };
  const daily = useQuery({
    queryKey: ["metrics", base, "day"],
    queryFn: () => get<Metrics>("/v1/metrics", { ...base, groupBy: "day" }),
  });
  const models = useQuery({
    queryKey: ["metrics", base, "model"],
    queryFn: () => get<Metrics>("/v1/metrics", { ...base, groupBy: "day,model" }),
  });
  const envs = useQuery({
    queryKey: ["metrics", base, "environment"],
    queryFn: () => get<Metrics>("/v1/metrics", { ...base, groupBy: "day,environment" }),
  });
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    v ? next.set(k, v) : next.delete(k);
    setParams(next, { replace: true });
  };
  const days = (daily.data?.data ?? []).map((r) => ({ ...r, day: r.day.slice(0, 10) }));

  return (
    <Stack>
      <Title order={2}>Metrics</Title>
      <Group>
        <TextInput
          label="From"
          type="date"
          size="xs"
          value={from}
          onChange={(e) => set("from", e.currentTarget.value)}
        />
        <TextInput label="To" type="date" size="xs" value={to} onChange={(e) => set("to", e.currentTarget.value)} />
        <TextInput
          label="Environment"
          size="xs"
          defaultValue={params.get("environment") ?? ""}
          onBlur={(e) => set("environment", e.currentTarget.value.trim())}
        />
        <TextInput
          label="Model"
          size="xs"
          defaultValue={params.get("model") ?? ""}
          onBlur={(e) => set("model", e.currentTarget.value.trim())}
        />
      </Group>
      <ErrorNote error={daily.error ?? models.error ?? envs.error} />
      {daily.isPending ? (
        <Loading />
      ) : days.length === 0 ? (
        <Empty>No traces in this window.</Empty>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="metrics-charts">
          <Chart title="Cost (USD) by day">
            <BarChart
              h={220}
              data={days}
              dataKey="day"
              series={[{ name: "costUsd", label: "Cost", color: "indigo.6" }]}
            />
          </Chart>
          <Chart title="Tokens by day">
            <BarChart
              h={220}
              data={days}
              dataKey="day"
              type="stacked"
              withLegend
              series={[
                { name: "inputTokens", label: "Input", color: "blue.6" },
                { name: "outputTokens", label: "Output", color: "teal.6" },
              ]}
            />
          </Chart>
          <Chart title="Traces and observations by day">
            <LineChart
              h={220}
              data={days}
              dataKey="day"
              withLegend
              series={[
                { name: "traces", label: "Traces", color: "indigo.6" },
                { name: "observations", label: "Observations", color: "orange.6" },
              ]}
            />
          </Chart>
          <Chart title="Latency percentiles (ms) by day">
            <LineChart
              h={220}
              data={days}
              dataKey="day"
              withLegend
              connectNulls
              series={[
                { name: "latencyP50Ms", label: "p50", color: "green.6" },
                { name: "latencyP95Ms", label: "p95", color: "yellow.6" },
                { name: "latencyP99Ms", label: "p99", color: "red.6" },
              ]}
            />
          </Chart>
          <Chart title="Cost and tokens by model">
            <BarChart
              h={220}
              data={byKey(models.data?.data ?? [], "model")}
              dataKey="key"
              withLegend
              series={[{ name: "costUsd", label: "Cost", color: "indigo.6" }]}
            />
          </Chart>
          <Chart title="Traces by environment">
            <BarChart
              h={220}
              data={byKey(envs.data?.data ?? [], "environment")}
              dataKey="key"
              series={[{ name: "traces", label: "Traces", color: "grape.6" }]}
            />
          </Chart>
        </SimpleGrid>
      )}
    </Stack>
  );
}
