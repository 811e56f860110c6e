import { Anchor, Badge, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { get } from "../api";
import { AddSelectionToDataset } from "../components/AddToDataset";
import { ExportButton } from "../components/ExportButton";
import { NextPage, useListParams } from "../components/ListPaging";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs, tokensOf } from "../format";
import type { Observation, Page } from "../types";

const FIELDS = ["name", "type", "model", "level", "traceId", "userId", "environment"] as const;
const SORTS = ["startTime", "latency", "cost", "totalTokens", "timeToFirstToken", "name", "model"];

/** The span explorer: observations of every trace, filtered and sorted from the query string. */
export default function ObservationsPage() {
  const [params, set] = useListParams();
  const query = Object.fromEntries([
    ...FIELDS.map((f) => [f, params.get(f)]),
    ["filter", params.get("filter")],
    ["orderBy", params.get("orderBy")],
    ["order", params.get("order")],
    ["cursor", params.get("cursor")],
    ["limit", 50],
  ]);
  const list = useQuery({
    queryKey: ["observations", query],
    queryFn: () => get<Page<Observation>>("/v1/observations", query),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Span explorer</Title>
        <ExportButton table="observations" filters={query} />
      </Group>
      <Group align="end">
        {FIELDS.map((f) => (
          <TextInput
            key={`${f}:${params.get(f) ?? ""}`}
            label={f}
            size="xs"
            w={120}
            defaultValue={params.get(f) ?? ""}
            onKeyDown={(e) => e.key === "Enter" && set(f, e.currentTarget.value.trim())}
            onBlur={(e) =>
              e.currentTarget.value.trim() !== (params.get(f) ?? "") && set(f, e.currentTarget.value.trim())
            }
          />
        ))}
        <Select
          label="Sort"
          size="xs"
          w={140}
          data={SORTS}
          value={params.get("orderBy") ?? "startTime"}
          onChange={(v) => set("orderBy", v)}
          allowDeselect={false}
        />
        <Select
          label="Order"
          size="xs"
          w={90}
          data={["desc", "asc"]}
          value={params.get("order") ?? "desc"}
          onChange={(v) => set("order", v)}
          allowDeselect={false}
        />
      </Group>
      <TextInput
        label="filter (JSON conditions)"
        size="xs"
        placeholder='[{"column":"scores.helpful","operator":">=","value":1}]'
        defaultValue={params.get("filter") ?? ""}
        onKeyDown={(e) => e.key === "Enter" && set("filter", e.currentTarget.value.trim())}
      />
      <AddSelectionToDataset
        selection={Object.fromEntries([...FIELDS.map((f) => [f, params.get(f)]), ["filter", params.get("filter")]])}
      />
      <ErrorNote error={list.error} />
      {list.isPending ? (
        <Loading />
      ) : list.data?.data.length === 0 ? (
        <Empty>No observations match.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Start</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Model</Table.Th>
                <Table.Th ta="right">Latency</Table.Th>
                <Table.Th ta="right">Tokens</Table.Th>
                <Table.Th ta="right">Cost</Table.Th>
                <Table.Th>Level</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.data.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Text size="xs">{fmtDate(o.startTime)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light">
                      {o.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/traces/${encodeURIComponent(o.traceId)}?observation=${encodeURIComponent(o.id)}`}
                      size="sm"
                    >
                      {o.name ?? o.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{o.model ?? ""}</Table.Td>
                  <Table.Td ta="right">{fmtMs(o.latencyMs)}</Table.Td>
                  <Table.Td ta="right">{tokensOf(o.usageDetails) ?? "–"}</Table.Td>
                  <Table.Td ta="right">{fmtCost(o.totalCost)}</Table.Td>
                  <Table.Td>{o.level}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NextPage cursor={list.data?.nextCursor} onNext={(c) => set("cursor", c)} />
    </Stack>
  );
}
