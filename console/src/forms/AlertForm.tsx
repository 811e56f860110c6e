import { Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { seg, send } from "../api";
import { ErrorNote } from "../components/States";
import type { AlertRule } from "../types";

export const METRICS = [
  { value: "costUsd", label: "Cost (USD)" },
  { value: "traces", label: "Traces" },
  { value: "errorRate", label: "Error rate" },
  { value: "latencyP95Ms", label: "p95 latency (ms)" },
  { value: "scoreMean", label: "Score mean" },
];

interface Draft {
  name: string;
  metric: string;
  scoreName: string;
  environment: string;
  model: string;
  windowMinutes: number | string;
  operator: string;
  threshold: number | string;
}

const blank: Draft = {
  name: "",
  metric: "costUsd",
  scoreName: "",
  environment: "",
  model: "",
  windowMinutes: 60,
  operator: ">",
  threshold: "",
};
const draftOf = (r: AlertRule): Draft => ({
  name: r.name,
  metric: r.metric,
  scoreName: r.scoreName ?? "",
  environment: r.environment ?? "",
  model: r.model ?? "",
  windowMinutes: r.windowMinutes,
  operator: r.operator,
  threshold: r.threshold,
});

/**
 * Creates (`POST /v1/alerts`) or replaces (`PUT /v1/alerts/{id}`) an alert rule. Only the fields the metric takes are
 * sent: a score name for scoreMean alone, a model for every metric but scoreMean (docs/automations.md, "Alert rules").
 */
export function AlertForm({
  rule,
  onSaved,
  onCancel,
}: {
  rule?: AlertRule;
  onSaved: (saved: AlertRule) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(rule ? draftOf(rule) : blank);
  const put = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft({ ...draft, [k]: v });
  const score = draft.metric === "scoreMean";
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: draft.name.trim(),
        metric: draft.metric,
        ...(score ? { scoreName: draft.scoreName.trim() || null } : { model: draft.model.trim() || null }),
        environment: draft.environment.trim() || null,
        windowMinutes: Number(draft.windowMinutes),
        operator: draft.operator,
        threshold: Number(draft.threshold),
      };
      return rule
        ? send<AlertRule>("PUT", `/v1/alerts/${seg(rule.id)}`, body)
        : send<AlertRule>("POST", "/v1/alerts", body);
    },
    onSuccess: (saved) => {
      rule ? undefined : setDraft(blank);
      return onSaved(saved);
    },
  });
  return (
    <Paper withBorder p="sm" data-testid="alert-form">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="xs">
          <Text fw={600}>{rule ? `Edit ${rule.name}` : "New alert rule"}</Text>
          <Group align="end">
            <TextInput
              label="Name"
              size="xs"
              required
              value={draft.name}
              onChange={(e) => put("name", e.currentTarget.value)}
            />
            <Select
              label="Metric"
              size="xs"
              w={160}
              data={METRICS}
              value={draft.metric}
              onChange={(v) => v && put("metric", v)}
              allowDeselect={false}
            />
            {score ? (
              <TextInput
                label="Score name"
                size="xs"
                w={140}
                required
                value={draft.scoreName}
                onChange={(e) => put("scoreName", e.currentTarget.value)}
              />
            ) : (
              <TextInput
                label="Model (optional)"
                size="xs"
                w={140}
                value={draft.model}
                onChange={(e) => put("model", e.currentTarget.value)}
              />
            )}
            <TextInput
              label="Environment (optional)"
              size="xs"
              w={140}
              value={draft.environment}
              onChange={(e) => put("environment", e.currentTarget.value)}
            />
          </Group>
          <Group align="end">
            <Select
              label="Fires when"
              size="xs"
              w={110}
              data={[
                { value: ">", label: "above" },
                { value: "<", label: "below" },
              ]}
              value={draft.operator}
              onChange={(v) => v && put("operator", v)}
              allowDeselect={false}
            />
            <NumberInput
              label="Threshold"
              size="xs"
              w={120}
              required
              value={draft.threshold}
              onChange={(v) => put("threshold", v)}
            />
            <NumberInput
              label="Window (minutes)"
              size="xs"
              w={130}
              min={1}
              max={1440}
              allowDecimal={false}
              required
              value={draft.windowMinutes}
              onChange={(v) => put("windowMinutes", v)}
            />
            <Button
              type="submit"
              size="xs"
              loading={save.isPending}
              disabled={!draft.name.trim() || draft.threshold === ""}
            >
              {rule ? "Save rule" : "Create rule"}
            </Button>
            {onCancel && (
              <Button size="xs" variant="default" onClick={onCancel}>
                Close
              </Button>
            )}
          </Group>
          <ErrorNote error={save.error} />
        </Stack>
      </form>
    </Paper>
  );
}
