import { Button, Checkbox, Group, NumberInput, Paper, Stack, Switch, Text, Textarea, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { get, send } from "../api";
import { ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";

interface Pii {
  enabled: boolean;
  builtins: string[];
  custom: { name: string; pattern: string; replacement?: string }[];
}
interface Sampling {
  headRate: number;
  tail?: { keepErrors: boolean; minCostUsd?: number | null } | null;
}
interface Retention {
  maxAgeDays: number;
  updatedAt: string | null;
  lastAppliedAt: string | null;
}

const BUILTINS = ["email", "phone", "credit_card", "iban", "ipv4", "ipv6", "secret"];

function PiiForm() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ["pii"], queryFn: () => get<Pii>("/v1/pii-policy") });
  const [draft, setDraft] = useState<Pii | null>(null);
  const [custom, setCustom] = useState("");
  useEffect(() => {
    if (q.data && !draft) {
      setDraft(q.data);
      setCustom(JSON.stringify(q.data.custom, null, 2));
    }
  }, [q.data, draft]);
  const save = useMutation({
    mutationFn: () => {
      let parsed: Pii["custom"];
      try {
        parsed = JSON.parse(custom || "[]") as Pii["custom"];
      } catch {
        throw new Error("Custom rules are not valid JSON");
      }
      return send<Pii>("PUT", "/v1/pii-policy", { ...draft, custom: parsed });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["pii"] }),
  });
  if (q.isPending || !draft) return q.error ? <ErrorNote error={q.error} /> : <Loading />;
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        PII masking
      </Text>
      <Stack gap="xs">
        <Switch
          label="Mask before storing"
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })}
        />
        <Group>
          {BUILTINS.map((b) => (
            <Checkbox
              key={b}
              label={b}
              checked={draft.builtins.includes(b)}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  builtins: e.currentTarget.checked ? [...draft.builtins, b] : draft.builtins.filter((x) => x !== b),
                })
              }
            />
          ))}
        </Group>
        <Textarea
          label='Custom rules (JSON: [{"name","pattern","replacement"?}])'
          size="xs"
          autosize
          minRows={2}
          value={custom}
          onChange={(e) => setCustom(e.currentTarget.value)}
        />
        <Button size="xs" w="fit-content" onClick={() => save.mutate()} loading={save.isPending}>
          Save PII policy
        </Button>
        <ErrorNote error={save.error} />
        {save.isSuccess && (
          <Text size="xs" c="green">
            Saved.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function SamplingForm() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ["sampling"], queryFn: () => get<Sampling>("/v1/ingest/sampling") });
  const [draft, setDraft] = useState<{ headRate: number; keepErrors: boolean; minCostUsd: number | "" } | null>(null);
  useEffect(() => {
    if (q.data && !draft)
      setDraft({
        headRate: q.data.headRate,
        keepErrors: q.data.tail?.keepErrors ?? false,
        minCostUsd: q.data.tail?.minCostUsd ?? "",
      });
  }, [q.data, draft]);
  const save = useMutation({
    mutationFn: () =>
      send("PUT", "/v1/ingest/sampling", {
        headRate: draft!.headRate,
        tail:
          draft!.keepErrors || draft!.minCostUsd !== ""
            ? { keepErrors: draft!.keepErrors, minCostUsd: draft!.minCostUsd === "" ? null : draft!.minCostUsd }
            : null,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["sampling"] }),
  });
  if (q.isPending || !draft) return q.error ? <ErrorNote error={q.error} /> : <Loading />;
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        Sampling
      </Text>
      <Group align="end">
        <NumberInput
          label="Head rate (0–1)"
          size="xs"
          w={130}
          min={0}
          max={1}
          step={0.05}
          decimalScale={4}
          value={draft.headRate}
          onChange={(v) => setDraft({ ...draft, headRate: Number(v) })}
        />
        <Switch
          label="Keep errors"
          checked={draft.keepErrors}
          onChange={(e) => setDraft({ ...draft, keepErrors: e.currentTarget.checked })}
        />
        <NumberInput
          label="Keep cost ≥ (USD)"
          size="xs"
          w={140}
          min={0}
          decimalScale={6}
          value={draft.minCostUsd}
          onChange={(v) => setDraft({ ...draft, minCostUsd: v === "" ? "" : Number(v) })}
        />
        <Button size="xs" onClick={() => save.mutate()} loading={save.isPending}>
          Save sampling
        </Button>
      </Group>
      <ErrorNote error={save.error} />
      {save.isSuccess && (
        <Text size="xs" c="green">
          Saved.
        </Text>
      )}
    </Paper>
  );
}

function RetentionForm() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ["retention"], queryFn: () => get<Retention>("/v1/retention") });
  const [days, setDays] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: () => send("POST", "/v1/retention", { maxAgeDays: days }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["retention"] }),
  });
  const apply = useMutation({
    mutationFn: () => send<Record<string, unknown>>("POST", "/v1/retention/apply"),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["retention"] }),
  });
  if (q.isPending) return <Loading />;
  if (q.error) return <ErrorNote error={q.error} />;
  return (
    <Paper withBorder p="sm">
      <Text fw={600} mb="xs">
        Retention
      </Text>
      <Group align="end">
        <NumberInput
          label="Keep traces (days, 0 = forever)"
          size="xs"
          w={200}
          min={0}
          value={days ?? q.data.maxAgeDays}
          onChange={(v) => setDays(Number(v))}
        />
        <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={days === null}>
          Save retention
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => window.confirm("Delete every trace older than the retention now?") && apply.mutate()}
          loading={apply.isPending}
        >
          Apply now
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Updated {fmtDate(q.data.updatedAt)} · last applied {fmtDate(q.data.lastAppliedAt)} (also daily at 03:00 UTC)
      </Text>
      <ErrorNote error={save.error ?? apply.error} />
      {apply.data && <Text size="xs">Applied: {JSON.stringify(apply.data)}</Text>}
    </Paper>
  );
}

/** The project's data policies: PII masking, sampling and retention (ADMIN keys to change). */
export default function PoliciesPage() {
  return (
    <Stack>
      <Title order={2}>Data policies</Title>
      <PiiForm />
      <SamplingForm />
      <RetentionForm />
    </Stack>
  );
}
