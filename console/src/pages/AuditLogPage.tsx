import { Code, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { get } from "../api";
import { NextPage, useListParams } from "../components/ListPaging";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { Page } from "../types";

interface AuditEntry {
  id: string;
  actor: { type: string; id: string };
  action: string;
  target: { type: string; id: string };
  details: unknown;
  createdAt: string;
}

/** Every configuration change: who, what, when, the target; filters and the cursor in the query string. */
export default function AuditLogPage() {
  const [params, set] = useListParams();
  const query = {
    action: params.get("action"),
    targetType: params.get("targetType"),
    cursor: params.get("cursor"),
    limit: 50,
  };
  const log = useQuery({
    queryKey: ["audit-log", query],
    queryFn: () => get<Page<AuditEntry>>("/v1/audit-log", query),
  });
  return (
    <Stack>
      <Title order={2}>Audit log</Title>
      <Group>
        <TextInput
          label="action"
          size="xs"
          defaultValue={params.get("action") ?? ""}
          onKeyDown={(e) => e.key === "Enter" && set("action", e.currentTarget.value.trim())}
        />
        <TextInput
          label="targetType"
          size="xs"
          defaultValue={params.get("targetType") ?? ""}
          onKeyDown={(e) => e.key === "Enter" && set("targetType", e.currentTarget.value.trim())}
        />
      </Group>
      <ErrorNote error={log.error} />
      {log.isPending ? (
        <Loading />
      ) : log.data?.data.length === 0 ? (
        <Empty>No entries.</Empty>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Actor</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Target</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data?.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Text size="xs">{fmtDate(e.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {e.actor.type} {e.actor.id}
                  </Text>
                </Table.Td>
                <Table.Td>{e.action}</Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {e.target.type} {e.target.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Code>{JSON.stringify(e.details)}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NextPage cursor={log.data?.nextCursor} onNext={(c) => set("cursor", c)} />
    </Stack>
  );
}
