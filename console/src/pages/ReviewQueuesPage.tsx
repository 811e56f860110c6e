import { Anchor, Badge, Button, Group, Stack, Table, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { get } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { NewQueueForm } from "../forms/NewQueueForm";
import type { ReviewQueue } from "../types";

/** Review queues with their pending and done counts; "New queue" (`?new=1`) creates one. */
export default function ReviewQueuesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queues = useQuery({
    queryKey: ["review-queues"],
    queryFn: () => get<{ data: ReviewQueue[] }>("/v1/review-queues"),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Review queues</Title>
        {!params.get("new") && (
          <Button size="xs" onClick={() => setParams({ new: "1" })}>
            New queue
          </Button>
        )}
      </Group>
      {params.get("new") && (
        <NewQueueForm
          onCancel={() => setParams({})}
          onCreated={(name) => navigate(`/review-queues/${encodeURIComponent(name)}`)}
        />
      )}
      <ErrorNote error={queues.error} />
      {queues.isPending ? (
        <Loading />
      ) : queues.data?.data.length === 0 ? (
        <Empty>No review queues yet. Create one with "New queue" or POST /v1/review-queues.</Empty>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              <Table.Th>Score</Table.Th>
              <Table.Th ta="right">Pending</Table.Th>
              <Table.Th ta="right">Done</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.data?.data.map((q) => (
              <Table.Tr key={q.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/review-queues/${encodeURIComponent(q.name)}`}>
                    {q.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {q.scoreName} <Badge size="xs">{q.dataType}</Badge>
                </Table.Td>
                <Table.Td ta="right">{q.pending}</Table.Td>
                <Table.Td ta="right">{q.done}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
