import { Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { seg, send } from "../api";
import { JsonField, parseJson } from "../components/JsonField";
import { ErrorNote } from "../components/States";

interface InsertResult {
  added: number;
  rejected: number;
  errors: { index: number; field: string; message: string }[];
}

/** Adds one item by hand (`POST /v1/datasets/{name}/items`); the schema check's refusal comes back per field. */
export function AddItemForm({ name, onAdded }: { name: string; onAdded: () => void }) {
  const [input, setInput] = useState("");
  const [expected, setExpected] = useState("");
  const [metadata, setMetadata] = useState("");
  const parsed = { input: parseJson(input), expectedOutput: parseJson(expected), metadata: parseJson(metadata) };
  const add = useMutation({
    mutationFn: () =>
      send<InsertResult>("POST", `/v1/datasets/${seg(name)}/items`, {
        items: [
          {
            input: parsed.input.value,
            ...(parsed.expectedOutput.value !== undefined ? { expectedOutput: parsed.expectedOutput.value } : {}),
            ...(parsed.metadata.value !== undefined ? { metadata: parsed.metadata.value } : {}),
          },
        ],
      }),
    onSuccess: (r) => {
      if (r.added > 0) {
        setInput("");
        setExpected("");
        setMetadata("");
        onAdded();
      }
    },
  });
  const invalid =
    Boolean(parsed.input.error || parsed.expectedOutput.error || parsed.metadata.error) ||
    parsed.input.value === undefined;
  return (
    <Paper withBorder p="sm" data-testid="add-item">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <Stack gap="xs">
          <Text fw={600}>Add an item</Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <JsonField
              label="Input (JSON)"
              value={input}
              onChange={setInput}
              placeholder='{"question":"How do I reset my password?"}'
            />
            <JsonField
              label="Expected output (JSON, optional)"
              value={expected}
              onChange={setExpected}
              placeholder='"Use the reset link."'
            />
            <JsonField
              label="Metadata (JSON, optional)"
              value={metadata}
              onChange={setMetadata}
              placeholder='{"source":"support"}'
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" size="xs" loading={add.isPending} disabled={invalid}>
              Add item
            </Button>
            {add.data && (
              <Text size="sm" c={add.data.rejected ? "red" : undefined} role={add.data.rejected ? "alert" : "status"}>
                {add.data.rejected
                  ? `Refused: ${add.data.errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`
                  : "Item added."}
              </Text>
            )}
          </Group>
          <ErrorNote error={add.error} />
        </Stack>
      </form>
    </Paper>
  );
}
