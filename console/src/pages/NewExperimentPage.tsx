import { Button, Group, NumberInput, Paper, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { get, seg, send } from "../api";
import { ErrorNote } from "../components/States";
import type { ExperimentRun } from "../types";

interface PromptDetail {
  name: string;
  version: number;
  variables: string[];
}

/**
 * The "Run experiment" form (docs/experiments.md): dataset, prompt and version or label, provider, model and
 * parameters, the variable mapping (filled from the prompt's variables), evaluators and concurrency.
 */
export default function NewExperimentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [dataset, setDataset] = useState(params.get("dataset") ?? "");
  const [prompt, setPrompt] = useState(params.get("prompt") ?? "");
  const [version, setVersion] = useState(params.get("version") ?? "");
  const [label, setLabel] = useState(params.get("version") ? "" : "production");
  const [provider, setProvider] = useState<string>("mock");
  const [model, setModel] = useState("mock-model");
  const [temperature, setTemperature] = useState<number | string>("");
  const [maxTokens, setMaxTokens] = useState<number | string>("");
  const [mapping, setMapping] = useState("{}");
  const [evaluators, setEvaluators] = useState("");
  const [concurrency, setConcurrency] = useState<number | string>(4);
  const [runName, setRunName] = useState("");

  const selected = useQuery({
    queryKey: ["experiment-prompt", prompt, version, label],
    enabled: prompt.trim() !== "",
    retry: false,
    queryFn: () =>
      get<PromptDetail>(`/v1/prompts/${seg(prompt.trim())}`, version ? { version } : { label: label || "production" }),
  });
  // Each variable of the chosen version mapped to the item's input field of the same name, until edited.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited && selected.data)
      setMapping(JSON.stringify(Object.fromEntries(selected.data.variables.map((v) => [v, `input.${v}`])), null, 2));
  }, [selected.data, edited]);

  const start = useMutation({
    mutationFn: () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(mapping || "{}");
      } catch {
        throw new Error('The mapping must be a JSON object, e.g. {"question": "input.question"}');
      }
      const parameters = {
        ...(temperature !== "" ? { temperature: Number(temperature) } : {}),
        ...(maxTokens !== "" ? { maxTokens: Number(maxTokens) } : {}),
      };
      return send<ExperimentRun>("POST", `/v1/datasets/${seg(dataset.trim())}/experiments`, {
        ...(runName.trim() ? { runName: runName.trim() } : {}),
        prompt: { name: prompt.trim(), ...(version ? { version: Number(version) } : { label: label || "production" }) },
        provider,
        model: model.trim(),
        parameters,
        mapping: parsed,
        evaluators: evaluators
          .split(",")
          .map((e) => e.trim())
          .filter(Boolean),
        concurrency: Number(concurrency) || 4,
      });
    },
    onSuccess: (run) =>
      navigate(`/datasets/${encodeURIComponent(run.datasetName)}/runs/${encodeURIComponent(run.name)}`),
  });

  return (
    <Stack maw={720}>
      <Title order={2}>Run experiment</Title>
      <Text c="dimmed" size="sm">
        Sightline compiles the prompt for every item of the dataset, calls the model, records each call as a trace,
        links it to a new run and scores it with the evaluators.
      </Text>
      <Paper withBorder p="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <Stack gap="xs">
            <TextInput label="Dataset" required value={dataset} onChange={(e) => setDataset(e.currentTarget.value)} />
            <Group grow>
              <TextInput label="Prompt" required value={prompt} onChange={(e) => setPrompt(e.currentTarget.value)} />
              <TextInput
                label="Version"
                placeholder="by label"
                value={version}
                onChange={(e) => setVersion(e.currentTarget.value.replace(/\D/g, ""))}
              />
              <TextInput
                label="Label"
                disabled={version !== ""}
                value={label}
                onChange={(e) => setLabel(e.currentTarget.value)}
              />
            </Group>
            {selected.error && (
              <Text size="xs" c="red">
                {selected.error.message}
              </Text>
            )}
            <Group grow>
              <Select
                label="Provider"
                data={["mock", "openai", "anthropic"]}
                value={provider}
                onChange={(v) => setProvider(v ?? "mock")}
                allowDeselect={false}
              />
              <TextInput label="Model" required value={model} onChange={(e) => setModel(e.currentTarget.value)} />
            </Group>
            <Group grow>
              <NumberInput
                label="Temperature"
                min={0}
                max={2}
                step={0.1}
                decimalScale={2}
                value={temperature}
                onChange={setTemperature}
              />
              <NumberInput label="Max tokens" min={1} value={maxTokens} onChange={setMaxTokens} />
              <NumberInput label="Concurrency" min={1} max={20} value={concurrency} onChange={setConcurrency} />
            </Group>
            <Textarea
              label="Mapping (prompt variable → item field)"
              autosize
              minRows={3}
              styles={{ input: { fontFamily: "monospace" } }}
              value={mapping}
              onChange={(e) => {
                setEdited(true);
                setMapping(e.currentTarget.value);
              }}
            />
            <TextInput
              label="Evaluators"
              placeholder="comma-separated names"
              value={evaluators}
              onChange={(e) => setEvaluators(e.currentTarget.value)}
            />
            <TextInput
              label="Run name"
              placeholder="generated from the prompt and the time"
              value={runName}
              onChange={(e) => setRunName(e.currentTarget.value)}
            />
            <ErrorNote error={start.error} />
            <Group>
              <Button type="submit" loading={start.isPending}>
                Start experiment
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
