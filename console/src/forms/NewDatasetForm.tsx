import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { seg, send } from "../api";
import { JsonField, parseJson } from "../components/JsonField";
import { ErrorNote } from "../components/States";

const INPUT_SCHEMA_EXAMPLE = '{"type":"object","required":["question"],"properties":{"question":{"type":"string"}}}';

/**
 * Creates a dataset (`POST /v1/datasets`: name, description) and, when given, declares its item schema
 * (`PUT /v1/datasets/{name}/schema`: the JSON-Schema subset of docs/datasets.md for `input` and `expectedOutput`).
 */
export function NewDatasetForm({ onCreated, onCancel }: { onCreated: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [inputSchema, setInputSchema] = useState("");
  const [outputSchema, setOutputSchema] = useState("");
  const schema = { input: parseJson(inputSchema), expectedOutput: parseJson(outputSchema) };
  const create = useMutation({
    mutationFn: async () => {
      const created = await send<{ name: string }>("POST", "/v1/datasets", {
        name: name.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      if (schema.input.value !== undefined || schema.expectedOutput.value !== undefined) {
        const body = {
          ...(schema.input.value !== undefined ? { input: schema.input.value } : {}),
          ...(schema.expectedOutput.value !== undefined ? { expectedOutput: schema.expectedOutput.value } : {}),
        };
        await send("PUT", `/v1/datasets/${seg(created.name)}/schema`, body).catch((e: unknown) => {
          throw Object.assign(e as Error, {
            message: `The dataset was created, but its schema was refused: ${(e as Error).message}`,
          });
        });
      }
      return created;
    },
    onSuccess: (d) => onCreated(d.name),
  });
  const invalidJson = Boolean(schema.input.error || schema.expectedOutput.error);
  return (
    <Paper withBorder p="sm" data-testid="new-dataset">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack gap="xs">
          <Text fw={600}>New dataset</Text>
          <Group align="start">
            <TextInput label="Name" size="xs" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Textarea
              label="Description"
              size="xs"
              w={360}
              autosize
              minRows={1}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
          </Group>
          <JsonField
            label="Input schema (optional)"
            description="type, required and properties {type, enum}; undeclared fields stay allowed"
            value={inputSchema}
            onChange={setInputSchema}
            placeholder={INPUT_SCHEMA_EXAMPLE}
            minRows={2}
          />
          <JsonField
            label="Expected output schema (optional)"
            description="type and enum"
            value={outputSchema}
            onChange={setOutputSchema}
            placeholder='{"type":"string"}'
            minRows={1}
          />
          <Group>
            <Button type="submit" size="xs" loading={create.isPending} disabled={!name.trim() || invalidJson}>
              Create dataset
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          <ErrorNote error={create.error} />
        </Stack>
      </form>
    </Paper>
  );
}
