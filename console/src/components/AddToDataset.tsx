import { Anchor, Button, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, get, seg, send } from "../api";
import type { DatasetItem, Page } from "../types";
import { JsonField, parseJson } from "./JsonField";
import { ErrorNote } from "./States";

/** The project's datasets by name, for the pickers of "Add to dataset". */
export function useDatasetNames() {
  return useQuery({
    queryKey: ["datasets", "names"],
    queryFn: () => get<Page<{ name: string }>>("/v1/datasets", { limit: 1000 }),
  });
}

const pretty = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v, null, 2));

/**
 * "Add to dataset" on a trace or an observation (`POST /v1/datasets/{name}/items/from-trace`): pick the dataset,
 * edit the expected output (the stored output to start with) and save; the server copies input and metadata.
 */
export function AddToDataset({
  traceId,
  observationId,
  output,
}: {
  traceId: string;
  observationId?: string;
  output: unknown;
}) {
  const [open, setOpen] = useState(false);
  const [dataset, setDataset] = useState<string | null>(null);
  const [expected, setExpected] = useState(() => pretty(output));
  const names = useDatasetNames();
  const parsed = parseJson(expected);
  const save = useMutation({
    mutationFn: (replace?: string) =>
      send<DatasetItem>("POST", `/v1/datasets/${seg(dataset!)}/items/from-trace`, {
        traceId,
        ...(observationId ? { observationId } : {}),
        ...(replace ? { id: replace } : {}),
        // An emptied box means "no expected output"; otherwise the edited JSON wins over the stored output.
        expectedOutput: parsed.value === undefined ? null : parsed.value,
      }),
  });
  // A 409 names the item already copied from this source: saving again with its id replaces it.
  const taken =
    save.error instanceof ApiError && save.error.status === 409
      ? (save.error.details as { itemId?: string } | undefined)?.itemId
      : undefined;
  if (!open)
    return (
      <Group>
        <Button size="compact-xs" variant="light" onClick={() => setOpen(true)} data-testid="add-to-dataset">
          Add to dataset
        </Button>
      </Group>
    );
  return (
    <Paper withBorder p="xs" data-own-keys data-testid="add-to-dataset-panel">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Add this {observationId ? "observation" : "trace"} to a dataset
          </Text>
          <Select
            label="Dataset"
            size="xs"
            searchable
            placeholder={
              names.data?.data.length === 0 ? "No datasets yet: create one under Datasets" : "Pick a dataset"
            }
            data={(names.data?.data ?? []).map((d) => d.name)}
            value={dataset}
            onChange={(v) => {
              setDataset(v);
              save.reset();
            }}
          />
          <JsonField
            label="Expected output (JSON; the stored output, edit before saving)"
            value={expected}
            onChange={setExpected}
            minRows={4}
          />
          <Text size="xs" c="dimmed">
            Input and metadata are copied from the {observationId ? "observation" : "trace"} as stored.
          </Text>
          <Group gap="xs">
            <Button type="submit" size="xs" disabled={!dataset || parsed.error !== undefined} loading={save.isPending}>
              Save item
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                setOpen(false);
                save.reset();
              }}
            >
              Close
            </Button>
            {save.data && dataset && (
              <Text size="sm" role="status">
                Added to{" "}
                <Anchor component={Link} to={`/datasets/${seg(dataset)}`} size="sm">
                  {dataset}
                </Anchor>
                .
              </Text>
            )}
          </Group>
          <ErrorNote error={save.error} />
          {taken && (
            <Group>
              <Button size="xs" variant="light" color="orange" onClick={() => save.mutate(taken)}>
                Replace that item with this one
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

interface BulkResult {
  selected: number;
  capped: boolean;
  added: number;
  skipped: number;
  skippedItems: {
    traceId: string;
    observationId: string | null;
    reason: "duplicate" | "invalid";
    itemId: string | null;
    errors: { field: string; message: string }[];
  }[];
}

/**
 * The span explorer's bulk action (`POST /v1/datasets/{name}/items/from-observations`): every observation the current
 * filters select (the newest 1,000), each copied as an item; the answer's counts and skip reasons are shown.
 */
export function AddSelectionToDataset({ selection }: { selection: Record<string, string | null> }) {
  const [open, setOpen] = useState(false);
  const [dataset, setDataset] = useState<string | null>(null);
  const names = useDatasetNames();
  const body = Object.fromEntries(Object.entries(selection).filter(([, v]) => v !== null && v !== ""));
  const add = useMutation({
    mutationFn: () => send<BulkResult>("POST", `/v1/datasets/${seg(dataset!)}/items/from-observations`, body),
  });
  if (!open)
    return (
      <Group>
        <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid="bulk-add-to-dataset">
          Add all matching to dataset
        </Button>
      </Group>
    );
  const r = add.data;
  return (
    <Paper withBorder p="xs" data-own-keys data-testid="bulk-add-panel">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Add every observation these filters select to a dataset (the newest 1,000 at most)
          </Text>
          <Group align="end">
            <Select
              label="Dataset"
              size="xs"
              w={240}
              searchable
              data={(names.data?.data ?? []).map((d) => d.name)}
              value={dataset}
              onChange={(v) => {
                setDataset(v);
                add.reset();
              }}
            />
            <Button type="submit" size="xs" disabled={!dataset} loading={add.isPending}>
              Add to dataset
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                setOpen(false);
                add.reset();
              }}
            >
              Close
            </Button>
          </Group>
          {r && dataset && (
            <Stack gap={2} role="status">
              <Text size="sm">
                Added {r.added}, skipped {r.skipped} of {r.selected} selected
                {r.capped ? " (more matched: only the newest were taken)" : ""} ·{" "}
                <Anchor component={Link} to={`/datasets/${seg(dataset)}`} size="sm">
                  open {dataset}
                </Anchor>
              </Text>
              {r.skippedItems.slice(0, 10).map((s) => (
                <Text key={`${s.traceId}/${s.observationId}`} size="xs" c="dimmed">
                  {s.observationId ?? s.traceId}:{" "}
                  {s.reason === "duplicate"
                    ? `already in the dataset${s.itemId ? ` (item ${s.itemId})` : ""}`
                    : s.errors.map((e) => `${e.field} ${e.message}`).join("; ")}
                </Text>
              ))}
            </Stack>
          )}
          <ErrorNote error={add.error} />
        </Stack>
      </form>
    </Paper>
  );
}
