import { Anchor, Code, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { get, seg } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtNum } from "../format";
import type { Comparison } from "../types";

const short = (v: unknown) => {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s && s.length > 80 ? `${s.slice(0, 80)}…` : (s ?? "");
};

/** Items × runs of a dataset, with each run's score means; the runs come from the query string. */
export default function ComparePage() {
  const { name = "" } = useParams();
  const [params] = useSearchParams();
  const runs = params.get("runs") ?? "";
  const cmp = useQuery({
    queryKey: ["compare", name, runs],
    queryFn: () => get<Comparison>(`/v1/datasets/${seg(name)}/compare`, { runs, limit: 200 }),
  });
  if (cmp.isPending) return <Loading />;
  if (cmp.error) return <ErrorNote error={cmp.error} />;
  const c = cmp.data;
  const scoreNames = [...new Set(c.runs.flatMap((r) => r.scores.map((s) => s.name)))].sort();
  return (
    <Stack>
      <Title order={2}>
        <Anchor component={Link} to={`/datasets/${encodeURIComponent(name)}`} inherit>
          {name}
        </Anchor>
        : {c.runs.map((r) => r.name).join(" vs ")}
      </Title>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          Score means
        </Text>
        <Table data-testid="compare-means">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Score</Table.Th>
              {c.runs.map((r) => (
                <Table.Th key={r.name}>{r.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {scoreNames.map((s) => (
              <Table.Tr key={s}>
                <Table.Td>{s}</Table.Td>
                {c.runs.map((r) => {
                  const m = r.scores.find((x) => x.name === s);
                  return <Table.Td key={r.name}>{m ? `${fmtNum(m.mean)} (n=${m.count})` : "–"}</Table.Td>;
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {scoreNames.length === 0 && <Empty>No scores on these runs yet.</Empty>}
      </Paper>
      <Table.ScrollContainer minWidth={700}>
        <Table striped data-testid="compare-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item input</Table.Th>
              <Table.Th>Expected</Table.Th>
              {c.runs.map((r) => (
                <Table.Th key={r.name}>{r.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Code>{short(item.input)}</Code>
                </Table.Td>
                <Table.Td>
                  <Code>{short(item.expectedOutput)}</Code>
                </Table.Td>
                {item.runs.map((cell, i) => (
                  <Table.Td key={i}>
                    {cell ? (
                      <>
                        <Anchor component={Link} to={`/traces/${encodeURIComponent(cell.traceId)}`} size="xs">
                          trace
                        </Anchor>
                        {Object.entries(cell.scores).map(([k, v]) => (
                          <Text key={k} size="xs">
                            {k}: {typeof v === "number" ? fmtNum(v) : String(v)}
                          </Text>
                        ))}
                      </>
                    ) : (
                      <Text size="xs" c="dimmed">
                        not run
                      </Text>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
