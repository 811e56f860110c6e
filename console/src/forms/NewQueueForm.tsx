import {
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { get, send } from "../api";
import { ErrorNote } from "../components/States";
import type { ReviewQueue, ScoreConfig } from "../types";

type DataType = ReviewQueue["dataType"];

/**
 * Creates a review queue (`POST /v1/review-queues`): the score its reviewers write. Picking the name of a score config
 * fills the type, labels and range the config asks for, so the reviews fit it.
 */
export function NewQueueForm({ onCreated, onCancel }: { onCreated: (name: string) => void; onCancel: () => void }) {
  const configs = useQuery({
    queryKey: ["score-configs", "false"],
    queryFn: () => get<{ data: ScoreConfig[] }>("/v1/score-configs", { archived: "false" }),
  });
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [scoreName, setScoreName] = useState("");
  const [dataType, setDataType] = useState<DataType>("CATEGORICAL");
  const [categories, setCategories] = useState<string[]>([]);
  const [min, setMin] = useState<number | string>("");
  const [max, setMax] = useState<number | string>("");
  const pickScore = (value: string) => {
    setScoreName(value);
    const config = configs.data?.data.find((c) => c.name === value);
    if (!config) return;
    setDataType(config.dataType);
    setCategories(config.categories);
    setMin(config.min ?? "");
    setMax(config.max ?? "");
  };
  const create = useMutation({
    mutationFn: () =>
      send<ReviewQueue>("POST", "/v1/review-queues", {
        name: name.trim(),
        scoreName: scoreName.trim(),
        dataType,
        ...(dataType === "CATEGORICAL" ? { categories } : {}),
        ...(dataType === "NUMERIC" && typeof min === "number" ? { min } : {}),
        ...(dataType === "NUMERIC" && typeof max === "number" ? { max } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
    onSuccess: (q) => onCreated(q.name),
  });
  return (
    <Paper withBorder p="sm" data-testid="new-queue">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack gap="xs">
          <Text fw={600}>New review queue</Text>
          <Group align="start">
            <TextInput
              label="Queue name"
              size="xs"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
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
          <Group align="start">
            <Autocomplete
              label="Score name"
              description="A score config's name fills the rest"
              size="xs"
              required
              data={configs.data?.data.map((c) => c.name) ?? []}
              value={scoreName}
              onChange={pickScore}
            />
            <Select
              label="Data type"
              size="xs"
              w={150}
              data={["CATEGORICAL", "NUMERIC", "BOOLEAN"]}
              value={dataType}
              onChange={(v) => v && setDataType(v as DataType)}
              allowDeselect={false}
            />
            {dataType === "CATEGORICAL" && (
              <TagsInput
                label="Labels"
                description="Enter after each"
                size="xs"
                w={320}
                value={categories}
                onChange={setCategories}
              />
            )}
            {dataType === "NUMERIC" && (
              <>
                <NumberInput label="Min" size="xs" w={100} value={min} onChange={setMin} />
                <NumberInput label="Max" size="xs" w={100} value={max} onChange={setMax} />
              </>
            )}
          </Group>
          <Group>
            <Button type="submit" size="xs" loading={create.isPending} disabled={!name.trim() || !scoreName.trim()}>
              Create queue
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
