import { Anchor, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { get } from "../api";
import { NextPage, useListParams } from "../components/ListPaging";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate } from "../format";
import type { Page, SessionRow } from "../types";

export default function SessionsPage() {
  const [params, set] = useListParams();
  const query = {
    userId: params.get("userId"),
    environment: params.get("environment"),
    cursor: params.get("cursor"),
    limit: 50,
  };
  const sessions = useQuery({
    queryKey: ["sessions", query],
    queryFn: () => get<Page<SessionRow>>("/v1/sessions", query),
  });
  return (
    <Stack>
      <Title order={2}>Sessions</Title>
      <Group>
        <TextInput
          label="userId"
          size="xs"
          defaultValue={params.get("userId") ?? ""}
          onKeyDown={(e) => e.key === "Enter" && set("userId", e.currentTarget.value.trim())}
        />
        <TextInput
          label="environment"
          size="xs"
          defaultValue={params.get("environment") ?? ""}
          onKeyDown={(e) => e.key === "Enter" && set("environment", e.currentTarget.value.trim())}
        />
      </Group>
      <ErrorNote error={sessions.error} />
      {sessions.isPending ? (
        <Loading />
      ) : sessions.data?.data.length === 0 ? (
        <Empty>No sessions. Traces with a sessionId group here.</Empty>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Session</Table.Th>
              <Table.Th ta="right">Traces</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th>First</Table.Th>
              <Table.Th>Last</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data?.data.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/sessions/${encodeURIComponent(s.id)}`}>
                    {s.id}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{s.traceCount}</Table.Td>
                <Table.Td>{s.userIds.join(", ")}</Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(s.firstTimestamp)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(s.lastTimestamp)}</Text>
                </Table.Td>
                <Table.Td ta="right">{fmtCost(s.totalCost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NextPage cursor={sessions.data?.nextCursor} onNext={(c) => set("cursor", c)} />
    </Stack>
  );
}
