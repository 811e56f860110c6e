import { Badge, Button, Code, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, send } from "../api";
import { ErrorNote, Loading } from "../components/States";

interface Price {
  id?: string;
  modelName: string;
  matchPattern: string;
  prices: Record<string, number>;
  unit?: string;
  source: "custom" | "builtin";
}

/** Model prices: the project's own (which win) above the built-in registry; add one with a match pattern. */
export default function ModelPricesPage() {
  const queryClient = useQueryClient();
  const prices = useQuery({ queryKey: ["model-prices"], queryFn: () => get<{ data: Price[] }>("/v1/model-prices") });
  const [modelName, setModelName] = useState("");
  const [pattern, setPattern] = useState("");
  const [input, setInput] = useState("");
  const [output, setOutput] = useState("");
  const [filter, setFilter] = useState("");
  const add = useMutation({
    mutationFn: () =>
      send("POST", "/v1/model-prices", {
        modelName: modelName.trim(),
        matchPattern: pattern.trim(),
        prices: { input: Number(input), output: Number(output) },
      }),
    onSuccess: () => {
      setModelName("");
      setPattern("");
      void queryClient.invalidateQueries({ queryKey: ["model-prices"] });
    },
  });
  const rows = (prices.data?.data ?? []).filter((p) => p.modelName.toLowerCase().includes(filter.toLowerCase()));
  return (
    <Stack>
      <Title order={2}>Model prices</Title>
      <Paper withBorder p="sm">
        <Group align="end">
          <TextInput
            label="Model name"
            size="xs"
            value={modelName}
            onChange={(e) => setModelName(e.currentTarget.value)}
          />
          <TextInput
            label="Match pattern (regex)"
            size="xs"
            w={240}
            value={pattern}
            onChange={(e) => setPattern(e.currentTarget.value)}
            placeholder="^ft:gpt-4o-mini:acme.*$"
          />
          <TextInput
            label="USD per input token"
            size="xs"
            w={140}
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
          <TextInput
            label="USD per output token"
            size="xs"
            w={140}
            value={output}
            onChange={(e) => setOutput(e.currentTarget.value)}
          />
          <Button
            size="xs"
            onClick={() => add.mutate()}
            loading={add.isPending}
            disabled={!modelName.trim() || !pattern.trim()}
          >
            Add price
          </Button>
        </Group>
        <ErrorNote error={add.error} />
      </Paper>
      <TextInput
        size="xs"
        w={240}
        placeholder="Filter by model"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        aria-label="Filter by model"
      />
      {prices.isPending ? (
        <Loading />
      ) : prices.error ? (
        <ErrorNote error={prices.error} />
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Model</Table.Th>
              <Table.Th>Pattern</Table.Th>
              <Table.Th>Prices (USD per unit)</Table.Th>
              <Table.Th>Source</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, 300).map((p, i) => (
              <Table.Tr key={`${p.source}-${p.modelName}-${i}`}>
                <Table.Td>{p.modelName}</Table.Td>
                <Table.Td>
                  <Code>{p.matchPattern}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {Object.entries(p.prices)
                      .map(([k, v]) => `${k} ${v}`)
                      .join(" · ")}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="xs" color={p.source === "custom" ? "indigo" : "gray"}>
                    {p.source}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
