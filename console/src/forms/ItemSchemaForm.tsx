import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { seg, send } from "../api";
import { JsonField, parseJson } from "../components/JsonField";
import { ErrorNote } from "../components/States";

/**
 * The dataset's item schema as one JSON object (`{input?, expectedOutput?}`), replaced with `PUT /v1/datasets/{name}/schema`.
 * Stored items are not re-validated: the items table shows the check's errors afterwards.
 */
export function ItemSchemaForm({ name, schema, onSaved }: { name: string; schema: unknown; onSaved: () => void }) {
  const [text, setText] = useState(schema ? JSON.stringify(schema, null, 2) : "");
  const parsed = parseJson(text);
  const save = useMutation({
    mutationFn: () => send("PUT", `/v1/datasets/${seg(name)}/schema`, parsed.value ?? {}),
    onSuccess: onSaved,
  });
  return (
    <Paper withBorder p="sm" data-testid="item-schema">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="xs">
          <Text fw={600}>Item schema</Text>
          <JsonField
            label="Schema (JSON)"
            description="input: type, required, properties {type, enum}; expectedOutput: type, enum. Stored items are checked, not changed"
            value={text}
            onChange={setText}
            placeholder='{"input":{"type":"object","required":["question"]},"expectedOutput":{"type":"string"}}'
          />
          <Group>
            <Button type="submit" size="xs" variant="light" loading={save.isPending} disabled={Boolean(parsed.error)}>
              Save schema
            </Button>
            {save.isSuccess && (
              <Text size="sm" role="status">
                Schema saved.
              </Text>
            )}
          </Group>
          <ErrorNote error={save.error} />
        </Stack>
      </form>
    </Paper>
  );
}
