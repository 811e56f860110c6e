import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { get } from "../api";
import { PromptEditor } from "../components/PromptEditor";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { Page, PromptRow } from "../types";

/** Prompts with their latest version and labels; filters by name, folder and label in the query string. */
export default function PromptsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = { name: params.get("name"), folder: params.get("folder"), label: params.get("label"), limit: 100 };
  const prompts = useQuery({ queryKey: ["prompts", query], queryFn: () => get<Page<PromptRow>>("/v1/prompts", query) });
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    v ? next.set(k, v) : next.delete(k);
    setParams(next);
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Prompts</Title>
        {!params.get("new") && (
          <Button size="xs" onClick={() => set("new", "1")}>
            New prompt
          </Button>
        )}
      </Group>
      {params.get("new") && (
        <PromptEditor
          knownLabels={["production", "staging"]}
          onCancel={() => set("new", "")}
          onSaved={(saved) => navigate(`/prompts/${encodeURIComponent(saved.name)}`)}
        />
      )}
      <Group>
        {(["name", "folder", "label"] as const).map((k) => (
          <TextInput
            key={k}
            label={k}
            size="xs"
            defaultValue={params.get(k) ?? ""}
            onKeyDown={(e) => e.key === "Enter" && set(k, e.currentTarget.value.trim())}
            onBlur={(e) => set(k, e.currentTarget.value.trim())}
          />
        ))}
      </Group>
      <ErrorNote error={prompts.error} />
      {prompts.isPending ? (
        <Loading />
      ) : prompts.data?.data.length === 0 ? (
        <Empty>No prompts yet. Create one with "New prompt", POST /v1/prompts or an SDK.</Empty>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Folder</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Latest</Table.Th>
              <Table.Th>Labels</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prompts.data?.data.map((p) => (
              <Table.Tr key={p.name}>
                <Table.Td>
                  <Anchor component={Link} to={`/prompts/${encodeURIComponent(p.name)}`}>
                    {p.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.folder ?? "–"}</Table.Td>
                <Table.Td>{p.type}</Table.Td>
                <Table.Td>v{p.latestVersion}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {p.labels.map((l) => (
                      <Badge key={l} size="sm" variant="light">
                        {l}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(p.updatedAt)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
