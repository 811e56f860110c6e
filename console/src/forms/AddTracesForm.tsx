import { Button, Group, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { seg, send } from "../api";
import { ErrorNote } from "../components/States";

interface AddResult {
  added: number;
  skipped: number;
  errors: { traceId: string; message: string }[];
}

/** Enqueues traces by id (`POST /v1/review-queues/{queue}/items`); those already pending are skipped, unknown ids refused. */
export function AddTracesForm({ queue, onAdded }: { queue: string; onAdded: () => void }) {
  const [ids, setIds] = useState("");
  const traceIds = [...new Set(ids.split(/[\s,]+/).filter(Boolean))];
  const add = useMutation({
    mutationFn: () => send<AddResult>("POST", `/v1/review-queues/${seg(queue)}/items`, { traceIds }),
    onSuccess: (r) => {
      r.added > 0 && setIds("");
      return onAdded();
    },
  });
  return (
    <form
      data-own-keys
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <Group align="end">
        <TextInput
          label="Add traces (ids, comma separated)"
          size="xs"
          w={360}
          value={ids}
          onChange={(e) => setIds(e.currentTarget.value)}
        />
        <Button type="submit" size="xs" variant="light" disabled={traceIds.length === 0} loading={add.isPending}>
          Add to queue
        </Button>
        {add.data && (
          <Text size="sm" role="status">
            Added {add.data.added}, skipped {add.data.skipped}
            {add.data.errors.map((e) => ` · ${e.traceId}: ${e.message}`).join("")}
          </Text>
        )}
      </Group>
      <ErrorNote error={add.error} />
    </form>
  );
}
