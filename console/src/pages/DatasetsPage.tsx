import { Anchor, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { get } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import { NewDatasetForm } from "../forms/NewDatasetForm";
import type { DatasetRow, Page } from "../types";

/** Datasets with their item counts; "New dataset" (`?new=1`) creates one with an optional item schema. */
export default function DatasetsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const datasets = useQuery({
    queryKey: ["datasets"],
    queryFn: () => get<Page<DatasetRow>>("/v1/datasets", { limit: 100 }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Datasets</Title>
        {!params.get("new") && (
          <Button size="xs" onClick={() => setParams({ new: "1" })}>
            New dataset
          </Button>
        )}
      </Group>
      {params.get("new") && (
        <NewDatasetForm
          onCancel={() => setParams({})}
          onCreated={(name) => navigate(`/datasets/${encodeURIComponent(name)}`)}
        />
      )}
      <ErrorNote error={datasets.error} />
      {datasets.isPending ? (
        <Loading />
      ) : datasets.data?.data.length === 0 ? (
        <Empty>No datasets yet. Create one with "New dataset" or POST /v1/datasets.</Empty>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Items</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {datasets.data?.data.map((d) => (
              <Table.Tr key={d.name}>
                <Table.Td>
                  <Anchor component={Link} to={`/datasets/${encodeURIComponent(d.name)}`}>
                    {d.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{d.description ?? ""}</Table.Td>
                <Table.Td ta="right">{d.itemCount}</Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(d.updatedAt)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
