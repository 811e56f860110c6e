import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { ApiError, get, seg, send, streamEvents } from "../api";
import { ErrorNote } from "../components/States";
import { fmtCost, fmtMs } from "../format";
import {
  emptyVariant,
  type PlayMessage,
  PROVIDERS,
  requestOf,
  type Seed,
  type Variant,
  variablesIn,
} from "../playground";
import type { ChatMessage, PromptDetail } from "../types";

const MAX_VARIANTS = 4;
const ROLES = ["system", "user", "assistant", "tool"];

interface Result {
  running: boolean;
  text: string;
  toolCalls: { id?: string; name?: string; arguments: string }[];
  done: {
    traceId: string;
    model: string;
    usage: { input: number; output: number; total: number };
    costUsd: number | null;
    latency: { totalMs: number; timeToFirstTokenMs: number | null };
  } | null;
  error: unknown;
}

const idle: Result = { running: false, text: "", toolCalls: [], done: null, error: null };

/** A prompt version as a variant: its messages as written (variables left for the variables form) and its config. */
function fromPrompt(p: PromptDetail): Partial<Variant> {
  const messages: PlayMessage[] =
    typeof p.content === "string"
      ? [{ role: "user", content: p.content }]
      : (p.content as ChatMessage[])
          .filter((m): m is { role: string; content: string } => "role" in m)
          .map((m) => ({ role: m.role, content: m.content }));
  const c = p.config as Record<string, unknown>;
  return {
    messages,
    ...(typeof c.provider === "string" && PROVIDERS.includes(c.provider) ? { provider: c.provider } : {}),
    ...(typeof c.model === "string" ? { model: c.model } : {}),
    ...(typeof c.temperature === "number" ? { temperature: String(c.temperature) } : {}),
  };
}

/**
 * The model playground (docs/playground.md): two to four variants side by side, each streamed from
 * `POST /v1/playground/completions` in parallel; a variant is saved as a new version of its prompt or as a new prompt.
 */
export default function PlaygroundPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const seed = (location.state as { seed?: Seed } | null)?.seed;
  const promptName = params.get("prompt") ?? seed?.prompt?.name ?? null;
  const promptVersion = Number(params.get("version") ?? seed?.prompt?.version ?? 0) || null;
  const [variants, setVariants] = useState<Variant[]>(() => [emptyVariant(seed?.variant)]);
  const [results, setResults] = useState<Result[]>([idle]);
  const loadedPrompt = useRef(false);
  const prompt = useQuery({
    queryKey: ["prompt", promptName, promptVersion],
    enabled: Boolean(promptName) && !seed,
    queryFn: () =>
      get<PromptDetail>(`/v1/prompts/${seg(promptName!)}`, promptVersion ? { version: promptVersion } : undefined),
  });
  useEffect(() => {
    if (!prompt.data || loadedPrompt.current) return;
    loadedPrompt.current = true;
    setVariants([emptyVariant(fromPrompt(prompt.data))]);
  }, [prompt.data]);

  const put = (i: number, v: Variant) => setVariants((all) => all.map((x, j) => (j === i ? v : x)));
  const setResult = (i: number, f: (r: Result) => Result) =>
    setResults((all) => all.map((r, j) => (j === i ? f(r) : r)));

  const runOne = async (i: number) => {
    setResult(i, () => ({ ...idle, running: true }));
    try {
      await streamEvents("/v1/playground/completions", requestOf(variants[i]!), (event, data) => {
        if (event === "delta") setResult(i, (r) => ({ ...r, text: r.text + data.text }));
        else if (event === "tool_call")
          setResult(i, (r) => {
            const calls = [...r.toolCalls];
            const slot = calls[data.index] ?? { arguments: "" };
            calls[data.index] = {
              id: data.id ?? slot.id,
              name: data.name ?? slot.name,
              arguments: slot.arguments + data.arguments,
            };
            return { ...r, toolCalls: calls };
          });
        else if (event === "done") setResult(i, (r) => ({ ...r, done: data }));
        else if (event === "error") setResult(i, (r) => ({ ...r, error: new ApiError(502, data.code, data.message) }));
      });
    } catch (error) {
      setResult(i, (r) => ({ ...r, error }));
    }
    setResult(i, (r) => ({ ...r, running: false }));
  };
  const runAll = () => void Promise.all(variants.map((_, i) => runOne(i)));

  const addVariant = () => {
    setVariants((all) => [
      ...all,
      { ...all[all.length - 1]!, messages: all[all.length - 1]!.messages.map((m) => ({ ...m })) },
    ]);
    setResults((all) => [...all, idle]);
  };
  const removeVariant = (i: number) => {
    setVariants((all) => all.filter((_, j) => j !== i));
    setResults((all) => all.filter((_, j) => j !== i));
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Playground</Title>
        <Group>
          {promptName && (
            <Badge variant="light" data-testid="playground-origin">
              from{" "}
              <Anchor
                component={Link}
                to={`/prompts/${seg(promptName)}${promptVersion ? `?version=${promptVersion}` : ""}`}
                size="xs"
              >
                {promptName}
                {promptVersion ? ` v${promptVersion}` : ""}
              </Anchor>
            </Badge>
          )}
          <Button size="xs" variant="light" onClick={addVariant} disabled={variants.length >= MAX_VARIANTS}>
            Add variant
          </Button>
          <Button size="xs" onClick={runAll} loading={results.some((r) => r.running)}>
            Run all
          </Button>
        </Group>
      </Group>
      <ErrorNote error={prompt.error} />
      <SimpleGrid cols={{ base: 1, md: Math.min(variants.length, 2), xl: variants.length }}>
        {variants.map((v, i) => (
          <VariantColumn
            key={i}
            index={i}
            variant={v}
            result={results[i] ?? idle}
            onChange={(nv) => put(i, nv)}
            onRun={() => void runOne(i)}
            onRemove={variants.length > 1 ? () => removeVariant(i) : undefined}
            promptName={promptName}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function VariantColumn(props: {
  index: number;
  variant: Variant;
  result: Result;
  onChange: (v: Variant) => void;
  onRun: () => void;
  onRemove?: () => void;
  promptName: string | null;
}) {
  const { index, variant: v, result, onChange } = props;
  const set = <K extends keyof Variant>(key: K, value: Variant[K]) => onChange({ ...v, [key]: value });
  const setMessage = (i: number, m: PlayMessage) =>
    set(
      "messages",
      v.messages.map((x, j) => (j === i ? m : x)),
    );
  const names = variablesIn(v.messages);
  return (
    <Paper withBorder p="sm" data-testid={`variant-${index + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Variant {index + 1}</Text>
          {props.onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove variant ${index + 1}`}
              onClick={props.onRemove}
            >
              ×
            </ActionIcon>
          )}
        </Group>
        <Group grow>
          <Select
            label="Provider"
            size="xs"
            data={PROVIDERS}
            value={v.provider}
            onChange={(p) => p && set("provider", p)}
            allowDeselect={false}
          />
          <TextInput label="Model" size="xs" value={v.model} onChange={(e) => set("model", e.currentTarget.value)} />
        </Group>
        <Group grow>
          <TextInput
            label="Temperature"
            size="xs"
            value={v.temperature}
            onChange={(e) => set("temperature", e.currentTarget.value)}
          />
          <TextInput
            label="Max tokens"
            size="xs"
            value={v.maxTokens}
            onChange={(e) => set("maxTokens", e.currentTarget.value)}
          />
          <TextInput label="Top p" size="xs" value={v.topP} onChange={(e) => set("topP", e.currentTarget.value)} />
        </Group>
        {v.messages.map((m, i) => (
          <Group key={i} align="start" gap={4} wrap="nowrap">
            <Select
              aria-label={`Role ${i + 1}`}
              size="xs"
              w={100}
              data={ROLES}
              value={m.role}
              onChange={(role) => role && setMessage(i, { ...m, role })}
              allowDeselect={false}
            />
            <Textarea
              aria-label={`Message ${i + 1}`}
              size="xs"
              autosize
              minRows={2}
              style={{ flex: 1 }}
              value={m.content}
              onChange={(e) => setMessage(i, { ...m, content: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              aria-label={`Remove message ${i + 1}`}
              onClick={() =>
                set(
                  "messages",
                  v.messages.filter((_, j) => j !== i),
                )
              }
              disabled={v.messages.length === 1}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => set("messages", [...v.messages, { role: "user", content: "" }])}
        >
          Add message
        </Button>
        {names.map((name) => (
          <TextInput
            key={name}
            label={`{{${name}}}`}
            size="xs"
            value={v.variables[name] ?? ""}
            onChange={(e) => set("variables", { ...v.variables, [name]: e.currentTarget.value })}
          />
        ))}
        <Textarea
          label="Tools (JSON: [{name, description, parameters}])"
          size="xs"
          autosize
          minRows={1}
          maxRows={8}
          value={v.tools}
          onChange={(e) => set("tools", e.currentTarget.value)}
          styles={{ input: { fontFamily: "monospace" } }}
        />
        {v.tools.trim() && (
          <TextInput
            label="Tool choice (auto, none, required or a tool's name)"
            size="xs"
            value={v.toolChoice}
            onChange={(e) => set("toolChoice", e.currentTarget.value)}
          />
        )}
        <Textarea
          label="Output schema (JSON schema; empty for text)"
          size="xs"
          autosize
          minRows={1}
          maxRows={8}
          value={v.schema}
          onChange={(e) => set("schema", e.currentTarget.value)}
          styles={{ input: { fontFamily: "monospace" } }}
        />
        <Button size="xs" onClick={props.onRun} loading={result.running}>
          Run
        </Button>
        <Output result={result} index={index} />
        <SavePanel variant={v} promptName={props.promptName} />
      </Stack>
    </Paper>
  );
}

function Output({ result, index }: { result: Result; index: number }) {
  return (
    <Stack gap={4} data-testid={`output-${index + 1}`}>
      <Code block style={{ whiteSpace: "pre-wrap", minHeight: 48 }} data-testid={`output-text-${index + 1}`}>
        {result.text}
      </Code>
      {result.toolCalls.filter(Boolean).map((c, i) => (
        <Code key={i} block data-testid={`tool-call-${index + 1}`}>
          {`${c.name ?? ""}(${c.arguments})`}
        </Code>
      ))}
      {result.done && (
        <Text size="xs" c="dimmed" data-testid={`stats-${index + 1}`}>
          {result.done.model} · {result.done.usage.input} in / {result.done.usage.output} out ·{" "}
          {result.done.costUsd == null ? "no price" : fmtCost(result.done.costUsd)} ·{" "}
          {fmtMs(result.done.latency.totalMs)}
          {result.done.latency.timeToFirstTokenMs != null
            ? ` (first token ${fmtMs(result.done.latency.timeToFirstTokenMs)})`
            : ""}{" "}
          ·{" "}
          <Anchor component={Link} to={`/traces/${seg(result.done.traceId)}`} size="xs">
            trace
          </Anchor>
        </Text>
      )}
      <ErrorNote error={result.error} />
    </Stack>
  );
}

const promptExists = (name: string) =>
  get(`/v1/prompts/${seg(name)}`).then(
    () => true,
    (e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return false;
      throw e;
    },
  );

/** Saves the variant's messages (variables as written) and settings as a new version of the prompt, or as a new prompt. */
function SavePanel({ variant, promptName }: { variant: Variant; promptName: string | null }) {
  const [name, setName] = useState(promptName ?? "");
  const [commitMessage, setCommitMessage] = useState("");
  const [labels, setLabels] = useState<string[]>([]);
  const [saved, setSaved] = useState<{ name: string; version: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);
  const save = async (asNew: boolean) => {
    setError(null);
    setSaved(null);
    const config: Record<string, unknown> = { provider: variant.provider, model: variant.model };
    if (variant.temperature.trim()) config.temperature = Number(variant.temperature);
    if (variant.maxTokens.trim()) config.maxTokens = Number(variant.maxTokens);
    try {
      const target = name.trim();
      // The save endpoint adds a version to an existing name: a new prompt must not take one.
      if (asNew && (await promptExists(target)))
        throw new Error(`A prompt named '${target}' exists: choose another name, or save as a new version`);
      const body = {
        name: target,
        type: "CHAT",
        content: variant.messages.map((m) => ({ role: m.role, content: m.content })),
        config,
        labels,
        commitMessage: commitMessage.trim() || null,
      };
      setSaved(await send<{ name: string; version: number }>("POST", "/v1/prompts", body));
    } catch (e) {
      setError(e);
    }
  };
  if (!open)
    return (
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(true)}>
        Save…
      </Button>
    );
  return (
    <Paper withBorder p={6}>
      <Stack gap={6}>
        <TextInput label="Prompt name" size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label="Commit message"
          size="xs"
          value={commitMessage}
          onChange={(e) => setCommitMessage(e.currentTarget.value)}
        />
        <MultiSelect
          label="Labels"
          size="xs"
          data={["production", "staging"]}
          value={labels}
          onChange={setLabels}
          searchable
        />
        <Group gap="xs">
          {promptName && (
            <Button size="xs" onClick={() => void save(false)} disabled={name.trim() !== promptName}>
              Save as new version
            </Button>
          )}
          <Button size="xs" variant="light" onClick={() => void save(true)} disabled={!name.trim()}>
            Save as new prompt
          </Button>
        </Group>
        {saved && (
          <Alert color="green" p={6}>
            Saved{" "}
            <Anchor component={Link} to={`/prompts/${seg(saved.name)}?version=${saved.version}`} size="xs">
              {saved.name} v{saved.version}
            </Anchor>
          </Alert>
        )}
        <ErrorNote error={error} />
      </Stack>
    </Paper>
  );
}
