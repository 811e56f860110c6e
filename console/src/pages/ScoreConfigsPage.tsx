import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { ScoreConfig } from "../types";

type DataType = ScoreConfig["dataType"];

function NewScoreConfig({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState("");
  const [dataType, setDataType] = useState<DataType>("NUMERIC");
  const [min, setMin] = useState<number | string>("");
  const [max, setMax] = useState<number | string>("");
  const [categories, setCategories] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const create = useMutation({
    mutationFn: () =>
      send<ScoreConfig>("POST", "/v1/score-configs", {
        name: name.trim(),
        dataType,
        ...(dataType === "NUMERIC" && typeof min === "number" ? { min } : {}),
        ...(dataType === "NUMERIC" && typeof max === "number" ? { max } : {}),
        ...(dataType === "CATEGORICAL" ? { categories } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
    onSuccess: () => {
      setName("");
      setCategories([]);
      setDescription("");
      return onCreated();
    },
  });
  return (
    <Paper withBorder p="sm" data-testid="score-config-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack gap="xs">
          <Text fw={600}>New score config</Text>
          <Group align="start">
            <TextInput
              label="Score name"
              size="xs"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Select
              label="Data type"
              size="xs"
              w={150}
              data={["NUMERIC", "CATEGORICAL", "BOOLEAN"]}
              value={dataType}
              onChange={(v) => v && setDataType(v as DataType)}
              allowDeselect={false}
            />
            {dataType === "NUMERIC" && (
              <>
                <NumberInput label="Min (optional)" size="xs" w={110} value={min} onChange={setMin} />
                <NumberInput label="Max (optional)" size="xs" w={110} value={max} onChange={setMax} />
              </>
            )}
            {dataType === "CATEGORICAL" && (
              <TagsInput
                label="Labels"
                description="Enter after each"
                size="xs"
                w={300}
                value={categories}
                onChange={setCategories}
              />
            )}
            <Textarea
              label="Description"
              size="xs"
              w={280}
              autosize
              minRows={1}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
          </Group>
          <Group>
            <Button type="submit" size="xs" loading={create.isPending} disabled={!name.trim()}>
              Create config
            </Button>
          </Group>
          <ErrorNote error={create.error} />
        </Stack>
      </form>
    </Paper>
  );
}

const rule = (c: ScoreConfig) =>
  c.dataType === "CATEGORICAL"
    ? c.categories.join(", ")
    : c.dataType === "NUMERIC"
      ? c.min === null && c.max === null
        ? "any number"
        : `${c.min ?? "−∞"} to ${c.max ?? "∞"}`
      : "true / false";

/**
 * Score configs: every new score of a config's name must fit its type, range or labels, on every path (API, SDK,
 * evaluators, reviews). Archive one to free its name; `?archived=` filters.
 */
export default function ScoreConfigsPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const archived = params.get("archived") ?? "";
  const configs = useQuery({
    queryKey: ["score-configs", archived],
    queryFn: () => get<{ data: ScoreConfig[] }>("/v1/score-configs", { archived }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["score-configs"] });
  const patch = useMutation({
    mutationFn: (c: ScoreConfig) => send("PATCH", `/v1/score-configs/${seg(c.id)}`, { archived: !c.archived }),
    onSuccess: () => void refresh(),
  });
  return (
    <Stack>
      <Title order={2}>Score configs</Title>
      <NewScoreConfig onCreated={() => void refresh()} />
      <SegmentedControl
        size="xs"
        w={260}
        aria-label="Archived"
        data={[
          { value: "", label: "All" },
          { value: "false", label: "Active" },
          { value: "true", label: "Archived" },
        ]}
        value={archived}
        onChange={(v) => setParams(v ? { archived: v } : {}, { replace: true })}
      />
      <ErrorNote error={configs.error ?? patch.error} />
      {configs.isPending ? (
        <Loading />
      ) : configs.data?.data.length === 0 ? (
        <Empty>No score configs{archived ? " here" : " yet"}.</Empty>
      ) : (
        <Table striped data-testid="score-configs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Allowed</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {configs.data?.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.name}{" "}
                  {c.archived && (
                    <Badge size="xs" color="gray">
                      archived
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{c.dataType}</Table.Td>
                <Table.Td>{rule(c)}</Table.Td>
                <Table.Td>
                  <Text size="xs">{c.description ?? ""}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(c.updatedAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color={c.archived ? undefined : "gray"}
                    onClick={() => patch.mutate(c)}
                  >
                    {c.archived ? "Restore" : "Archive"}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
