import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { get, send } from "../api";
import { NextPage, useListParams } from "../components/ListPaging";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs } from "../format";
import type { Page, SessionRow, TraceRow, UserRow } from "../types";

/** End users (the userId of traces): the list, or one user's traces and sessions and the erasure of their data (ADMIN). */
export default function UsersPage() {
  const [params] = useSearchParams();
  return params.get("userId") ? <UserDetail /> : <UserList />;
}

function UserList() {
  const [params, set] = useListParams();
  const query = { environment: params.get("environment"), cursor: params.get("cursor"), limit: 50 };
  const users = useQuery({ queryKey: ["users", query], queryFn: () => get<Page<UserRow>>("/v1/users", query) });
  return (
    <Stack>
      <Title order={2}>Users</Title>
      <Group>
        <TextInput
          label="userId"
          size="xs"
          w={260}
          placeholder="Look one up"
          onKeyDown={(e) => e.key === "Enter" && set("userId", e.currentTarget.value.trim())}
        />
        <TextInput
          label="environment"
          size="xs"
          defaultValue={params.get("environment") ?? ""}
          onKeyDown={(e) => e.key === "Enter" && set("environment", e.currentTarget.value.trim())}
        />
      </Group>
      <ErrorNote error={users.error} />
      {users.isPending ? (
        <Loading />
      ) : users.data?.data.length === 0 ? (
        <Empty>No users. Traces with a userId group here.</Empty>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th ta="right">Traces</Table.Th>
              <Table.Th ta="right">Sessions</Table.Th>
              <Table.Th ta="right">Tokens</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th>First</Table.Th>
              <Table.Th>Last</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.data.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/users?userId=${encodeURIComponent(u.id)}`}>
                    {u.id}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{u.traceCount}</Table.Td>
                <Table.Td ta="right">{u.sessionCount}</Table.Td>
                <Table.Td ta="right">{u.totalTokens ?? "–"}</Table.Td>
                <Table.Td ta="right">{fmtCost(u.totalCost)}</Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(u.firstTimestamp)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(u.lastTimestamp)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NextPage cursor={users.data?.nextCursor} onNext={(c) => set("cursor", c)} />
    </Stack>
  );
}

function UserDetail() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const userId = params.get("userId") ?? "";
  const traces = useQuery({
    queryKey: ["traces", { userId, limit: 50 }],
    enabled: userId !== "",
    queryFn: () => get<Page<TraceRow>>("/v1/traces", { userId, limit: 50 }),
  });
  const sessions = useQuery({
    queryKey: ["sessions", { userId }],
    enabled: userId !== "",
    queryFn: () => get<Page<SessionRow>>("/v1/sessions", { userId, limit: 50 }),
  });
  const erase = useMutation({
    mutationFn: () => send<Record<string, unknown>>("DELETE", `/v1/users/${encodeURIComponent(userId)}/data`),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>User {userId}</Title>
        <Anchor component={Link} to="/users" size="sm">
          All users
        </Anchor>
      </Group>
      <TextInput
        label="userId"
        size="xs"
        w={260}
        defaultValue={userId}
        onKeyDown={(e) =>
          e.key === "Enter" && setParams(e.currentTarget.value.trim() ? { userId: e.currentTarget.value.trim() } : {})
        }
      />
      {userId && (
        <>
          <ErrorNote error={traces.error ?? sessions.error} />
          {traces.isPending ? (
            <Loading />
          ) : traces.data?.data.length === 0 ? (
            <Empty>No traces of {userId}.</Empty>
          ) : (
            <Paper withBorder p="sm">
              <Text fw={600} mb="xs">
                Traces
              </Text>
              <Table striped>
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
                      <Table.Td>{fmtMs(t.latencyMs)}</Table.Td>
                      <Table.Td>{fmtCost(t.totalCost)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" mt="xs">
                Sessions:{" "}
                {sessions.data?.data.map((s) => (
                  <Anchor key={s.id} component={Link} to={`/sessions/${encodeURIComponent(s.id)}`} size="sm" mr="xs">
                    {s.id}
                  </Anchor>
                ))}
              </Text>
            </Paper>
          )}
          <Group>
            <Button
              color="red"
              variant="light"
              size="xs"
              loading={erase.isPending}
              onClick={() =>
                window.confirm(`Delete every trace of ${userId}? This cannot be undone.`) && erase.mutate()
              }
            >
              Delete all data of {userId}
            </Button>
          </Group>
          <ErrorNote error={erase.error} />
          {erase.data && <Text size="sm">Deleted: {JSON.stringify(erase.data)}</Text>}
        </>
      )}
    </Stack>
  );
}
