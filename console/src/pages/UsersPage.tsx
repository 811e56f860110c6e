import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { get, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs } from "../format";
import type { Page, SessionRow, TraceRow } from "../types";

/** One end user by id: their traces and sessions, and the erasure of all their data (ADMIN). */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const userId = params.get("userId") ?? "";
  const traces = useQuery({ queryKey: ["traces", { userId, limit: 50 }], enabled: userId !== "", queryFn: () => get<Page<TraceRow>>("/v1/traces", { userId, limit: 50 }) });
  const sessions = useQuery({ queryKey: ["sessions", { userId }], enabled: userId !== "", queryFn: () => get<Page<SessionRow>>("/v1/sessions", { userId, limit: 50 }) });
  const erase = useMutation({
    mutationFn: () => send<Record<string, unknown>>("DELETE", `/v1/users/${encodeURIComponent(userId)}/data`),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  return (
    <Stack>
      <Title order={2}>Users</Title>
      <Text size="sm" c="dimmed">
        The API has no list of end users; look one up by the userId your traces carry.
      </Text>
      <TextInput label="userId" size="xs" w={260} defaultValue={userId} onKeyDown={(e) => e.key === "Enter" && setParams(e.currentTarget.value.trim() ? { userId: e.currentTarget.value.trim() } : {})} />
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
            <Button color="red" variant="light" size="xs" loading={erase.isPending} onClick={() => window.confirm(`Delete every trace of ${userId}? This cannot be undone.`) && erase.mutate()}>
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
