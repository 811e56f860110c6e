import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { get } from "../api";
import { ExportButton } from "../components/ExportButton";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtNum } from "../format";

interface Stats {
  name: string;
  dataType: string | null;
  count: number;
  mean: number | null;
  median: number | null;
  stdDev: number | null;
  min: number | null;
  max: number | null;
  histogram: { lower: number; upper: number; count: number }[];
  labelCounts: { label: string; count: number }[];
  timeline: { day: string; count: number; mean: number | null }[];
}

interface Analytics {
  score: Stats;
  compare?: Stats;
  comparison?: {
    kind: string;
    pairCount: number;
    sampled: boolean;
    pearson: number | null;
    mae: number | null;
    rmse: number | null;
    agreement: number | null;
    cohensKappa: number | null;
    confusion: { rows: string[]; columns: string[]; counts: number[][] };
  };
}

function Distribution({ s }: { s: Stats }) {
  const numeric = s.histogram.length > 0;
  const data = numeric
    ? s.histogram.map((b) => ({ bucket: `${fmtNum(b.lower, 2)}–${fmtNum(b.upper, 2)}`, count: b.count }))
    : s.labelCounts.map((l) => ({ bucket: l.label, count: l.count }));
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm">
        {s.name}: {s.count} scores
        {s.mean != null ? ` · mean ${fmtNum(s.mean)} · median ${fmtNum(s.median)} · sd ${fmtNum(s.stdDev)}` : ""}
      </Text>
      {data.length === 0 ? (
        <Empty>No values.</Empty>
      ) : (
        <BarChart
          h={200}
          data={data}
          dataKey="bucket"
          series={[{ name: "count", label: "Scores", color: "indigo.6" }]}
        />
      )}
      {s.timeline.length > 0 && (
        <LineChart
          h={160}
          mt="sm"
          data={s.timeline.map((t) => ({ ...t, day: t.day.slice(0, 10) }))}
          dataKey="day"
          withLegend
          series={[
            { name: "count", label: "Count", color: "gray.6" },
            ...(numeric ? [{ name: "mean", label: "Mean", color: "teal.6" }] : []),
          ]}
        />
      )}
    </Paper>
  );
}

/** Score analytics: distribution and timeline of one score, and its agreement with a second one. */
export default function ScoresPage() {
  const [params, setParams] = useSearchParams();
  const name = params.get("name") ?? "";
  const compare = params.get("compare") ?? "";
  const analytics = useQuery({
    queryKey: ["score-analytics", name, compare],
    enabled: name !== "",
    queryFn: () => get<Analytics>("/v1/scores/analytics", { name, compare: compare || null }),
  });
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    v ? next.set(k, v) : next.delete(k);
    setParams(next);
  };
  const c = analytics.data?.comparison;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Scores</Title>
        <ExportButton table="scores" filters={{ name: name || null }} />
      </Group>
      <Group>
        <TextInput
          label="Score"
          size="xs"
          defaultValue={name}
          onKeyDown={(e) => e.key === "Enter" && set("name", e.currentTarget.value.trim())}
          onBlur={(e) => set("name", e.currentTarget.value.trim())}
        />
        <TextInput
          label="Compare with"
          size="xs"
          defaultValue={compare}
          onKeyDown={(e) => e.key === "Enter" && set("compare", e.currentTarget.value.trim())}
          onBlur={(e) => set("compare", e.currentTarget.value.trim())}
        />
      </Group>
      {!name ? (
        <Empty>Name a score to see its distribution.</Empty>
      ) : analytics.isPending ? (
        <Loading />
      ) : analytics.error ? (
        <ErrorNote error={analytics.error} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, lg: analytics.data.compare ? 2 : 1 }}>
            <Distribution s={analytics.data.score} />
            {analytics.data.compare && <Distribution s={analytics.data.compare} />}
          </SimpleGrid>
          {c && (
            <Paper withBorder p="sm" data-testid="agreement">
              <Text fw={600} size="sm" mb="xs">
                Agreement over {c.pairCount} pairs{c.sampled ? " (sampled)" : ""}: {c.kind}
              </Text>
              <Text size="sm">
                {[
                  ["Pearson", c.pearson],
                  ["MAE", c.mae],
                  ["RMSE", c.rmse],
                  ["agreement", c.agreement],
                  ["Cohen's κ", c.cohensKappa],
                ]
                  .filter(([, v]) => v != null)
                  .map(([k, v]) => `${k} ${fmtNum(v as number)}`)
                  .join(" · ")}
              </Text>
              {c.confusion.rows.length > 0 && (
                <Table mt="sm" withColumnBorders w="fit-content" data-testid="confusion">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        {name} ↓ / {compare} →
                      </Table.Th>
                      {c.confusion.columns.map((col) => (
                        <Table.Th key={col}>{col}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {c.confusion.rows.map((row, i) => (
                      <Table.Tr key={row}>
                        <Table.Th>{row}</Table.Th>
                        {c.confusion.columns.map((col, j) => (
                          <Table.Td key={col} ta="right">
                            {c.confusion.counts[i]?.[j] ?? 0}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
