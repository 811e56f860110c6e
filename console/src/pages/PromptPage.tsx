import {
  Autocomplete,
  Badge,
  Button,
  Code,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { diffLines } from "diff";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { get, seg, send } from "../api";
import { CommentThread } from "../components/CommentThread";
import { PromptEditor } from "../components/PromptEditor";
import { ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { ChatMessage, PromptDetail } from "../types";

const bodyText = (content: string | ChatMessage[] | undefined) =>
  content === undefined
    ? ""
    : typeof content === "string"
      ? content
      : content.map((m) => ("role" in m ? `[${m.role}]\n${m.content}` : `[placeholder: ${m.name}]`)).join("\n\n");

/** One prompt: versions and labels (promote with a click), raw and resolved bodies, a diff, and the compile playground. */
export default function PromptPage() {
  const { name = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ["prompt", name], queryFn: () => get<PromptDetail>(`/v1/prompts/${seg(name)}`) });
  const latest = detail.data?.versions[0]?.version;
  const version = Number(params.get("version") ?? latest ?? 0) || latest;
  const against = params.get("diff") ? Number(params.get("diff")) : null;
  const raw = useQuery({
    queryKey: ["prompt-raw", name, version],
    enabled: version !== undefined,
    queryFn: () => get<PromptDetail>(`/v1/prompts/${seg(name)}`, { version, resolve: false }),
  });
  const other = useQuery({
    queryKey: ["prompt-raw", name, against],
    enabled: against !== null,
    queryFn: () => get<PromptDetail>(`/v1/prompts/${seg(name)}`, { version: against, resolve: false }),
  });
  const resolved = useQuery({
    queryKey: ["prompt-resolved", name, version],
    enabled: version !== undefined,
    retry: false,
    queryFn: () => get<PromptDetail>(`/v1/prompts/${seg(name)}`, { version }),
  });
  const [label, setLabel] = useState("production");
  const [editing, setEditing] = useState(false);
  const promote = useMutation({
    mutationFn: (v: number) => send("POST", `/v1/prompts/${seg(name)}/labels`, { label: label.trim(), version: v }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("prompt") }),
  });
  const set = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    v ? next.set(k, v) : next.delete(k);
    setParams(next, { replace: true });
  };

  if (detail.isPending) return <Loading />;
  if (detail.error) return <ErrorNote error={detail.error} />;
  const d = detail.data;
  const knownLabels = [...new Set(["production", "staging", ...d.versions.flatMap((v) => v.labels)])].filter(
    (l) => l !== "latest",
  );
  const versionOptions = d.versions.map((v) => ({
    value: String(v.version),
    label: `v${v.version}${v.labels.length ? ` (${v.labels.join(", ")})` : ""}`,
  }));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{d.name}</Title>
        <Badge variant="light">{d.type}</Badge>
      </Group>
      {editing && raw.data ? (
        <PromptEditor
          key={raw.data.version}
          name={d.name}
          initial={{
            type: raw.data.type,
            content: raw.data.content,
            config: raw.data.config,
          }}
          knownLabels={knownLabels}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("prompt") });
            set("version", String(saved.version));
          }}
        />
      ) : (
        <Group>
          <Button size="xs" onClick={() => setEditing(true)} disabled={!raw.data}>
            New version from v{version}
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/playground?prompt=${seg(d.name)}&version=${version}`}
          >
            Open in playground
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/experiments/new?prompt=${encodeURIComponent(d.name)}&version=${version ?? ""}`}
          >
            Run experiment with v{version}
          </Button>
        </Group>
      )}
      <Paper withBorder p="sm">
        <Group align="end" mb="xs">
          <Text fw={600}>Versions</Text>
          <Autocomplete label="Label to move" size="xs" data={knownLabels} value={label} onChange={setLabel} w={180} />
        </Group>
        <ErrorNote error={promote.error} />
        <Table data-testid="versions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Labels</Table.Th>
              <Table.Th>Commit message</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.versions.map((v) => (
              <Table.Tr
                key={v.version}
                bg={v.version === version ? "var(--mantine-primary-color-light)" : undefined}
                data-testid={`version-${v.version}`}
              >
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => set("version", String(v.version))}>
                    v{v.version}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {v.labels.map((l) => (
                      <Badge key={l} size="sm" variant={l === "latest" ? "outline" : "light"}>
                        {l}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{v.commitMessage ?? ""}</Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(v.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    disabled={!label.trim() || v.labels.includes(label.trim())}
                    loading={promote.isPending && promote.variables === v.version}
                    onClick={() => promote.mutate(v.version)}
                  >
                    Promote to {label.trim() || "…"}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="sm" h="100%">
            <Text fw={600} mb="xs">
              Raw body v{version}
            </Text>
            <ErrorNote error={raw.error} />
            <Code block data-testid="raw-body">
              {bodyText(raw.data?.content)}
            </Code>
            {d.includes.length > 0 && (
              <Text size="xs" c="dimmed" mt="xs">
                Latest includes:{" "}
                {d.includes
                  .map((i) => `${i.name}${i.label ? `@${i.label}` : ""}${i.version ? ` v${i.version}` : ""}`)
                  .join(", ")}
              </Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="sm" h="100%">
            <Text fw={600} mb="xs">
              Resolved preview v{version}
            </Text>
            {resolved.error ? (
              <ErrorNote error={resolved.error} title="Cannot resolve" />
            ) : (
              <Code block data-testid="resolved-body">
                {bodyText(resolved.data?.content)}
              </Code>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="sm">
        <Group mb="xs">
          <Text fw={600}>Diff v{version} against</Text>
          <Select
            aria-label="Diff against version"
            size="xs"
            placeholder="a version"
            data={versionOptions}
            value={against === null ? null : String(against)}
            onChange={(v) => set("diff", v)}
            clearable
          />
        </Group>
        {against !== null && other.data && raw.data && (
          <Diff from={bodyText(other.data.content)} to={bodyText(raw.data.content)} />
        )}
        <ErrorNote error={other.error} />
      </Paper>
      {resolved.data && version !== undefined && <Playground name={name} version={version} prompt={resolved.data} />}
      {resolved.data && <CommentThread key={resolved.data.id} objectType="PROMPT" objectId={resolved.data.id} />}
    </Stack>
  );
}

function Diff({ from, to }: { from: string; to: string }) {
  const parts = diffLines(from, to);
  return (
    <Code block data-testid="diff">
      {parts.map((p, i) => (
        <span
          key={i}
          style={{
            display: "block",
            background: p.added
              ? "var(--mantine-color-green-light)"
              : p.removed
                ? "var(--mantine-color-red-light)"
                : undefined,
          }}
        >
          {p.value
            .replace(/\n$/, "")
            .split("\n")
            .map((line) => `${p.added ? "+ " : p.removed ? "- " : "  "}${line}`)
            .join("\n")}
        </span>
      ))}
    </Code>
  );
}

function Playground({ name, version, prompt }: { name: string; version: number; prompt: PromptDetail }) {
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [placeholders, setPlaceholders] = useState<Record<string, string>>({});
  const [parseError, setParseError] = useState<string | null>(null);
  const compile = useMutation({
    mutationFn: (body: unknown) =>
      send<{ compiled: string | { role: string; content: string }[] }>(
        "POST",
        `/v1/prompts/${seg(name)}/compile`,
        body,
      ),
  });
  const run = () => {
    setParseError(null);
    const parsed: Record<string, unknown> = {};
    for (const p of prompt.placeholders) {
      const text = placeholders[p]?.trim();
      if (!text) continue;
      try {
        parsed[p] = JSON.parse(text);
      } catch {
        setParseError(`Placeholder '${p}' is not valid JSON`);
        return;
      }
    }
    compile.mutate({ version, variables, placeholders: parsed });
  };
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        Compile playground
      </Text>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs">
            {prompt.variables.length === 0 && prompt.placeholders.length === 0 && (
              <Text size="sm" c="dimmed">
                This version has no variables or placeholders.
              </Text>
            )}
            {prompt.variables.map((v) => (
              <TextInput
                key={v}
                label={`{{${v}}}`}
                size="xs"
                value={variables[v] ?? ""}
                onChange={(e) => setVariables({ ...variables, [v]: e.currentTarget.value })}
              />
            ))}
            {prompt.placeholders.map((p) => (
              <Textarea
                key={p}
                label={`placeholder ${p} (JSON messages)`}
                size="xs"
                autosize
                minRows={2}
                placeholder='[{"role":"user","content":"Hi"}]'
                value={placeholders[p] ?? ""}
                onChange={(e) => setPlaceholders({ ...placeholders, [p]: e.currentTarget.value })}
              />
            ))}
            <Button size="xs" onClick={run} loading={compile.isPending}>
              Compile
            </Button>
            {parseError && (
              <Text size="xs" c="red" role="alert">
                {parseError}
              </Text>
            )}
            <ErrorNote error={compile.error} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Code block data-testid="compiled">
            {compile.data
              ? typeof compile.data.compiled === "string"
                ? compile.data.compiled
                : compile.data.compiled.map((m) => `[${m.role}]\n${m.content}`).join("\n\n")
              : "Compile to see the result."}
          </Code>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
