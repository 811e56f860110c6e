import { Alert, Badge, Box, Container, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ApiError, getConfig } from "../api";
import { Loading } from "../components/States";
import { fmtCost, fmtDate, fmtMs } from "../format";
import type { TraceDetail } from "../types";
import { ObservationView, Scores, TraceIo, Tree } from "./TracePage";

/**
 * Reads a share link's trace (docs/sharing.md) with no credentials at all: no Basic key, no cookie, so it works in a
 * browser that never signed in, and a signed-in one is served exactly as anyone else.
 */
async function readShared(token: string): Promise<TraceDetail> {
  const res = await fetch(`${getConfig().apiUrl}/v1/shared/${encodeURIComponent(token)}`, {
    credentials: "omit",
    headers: { accept: "application/json" },
  });
  const body = (await res.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
  if (!res.ok)
    throw new ApiError(
      res.status,
      body?.error?.code ?? "http_error",
      body?.error?.message ?? `${res.status} ${res.statusText}`,
    );
  return body as TraceDetail;
}

/** The public page of a share link, outside the signed-in shell: the trace read-only, with the trace page's parts. */
export default function SharedTracePage() {
  const { token = "" } = useParams();
  const trace = useQuery({ queryKey: ["shared", token], queryFn: () => readShared(token), retry: false });
  const [selected, setSelected] = useState("");

  return (
    <Container size="xl" py="md">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>Sightline</Text>
        <Badge variant="light" color="gray">
          Shared trace · read-only
        </Badge>
      </Group>
      {trace.isPending && <Loading />}
      {trace.error && (
        <Alert color="gray" title="This link is not valid" role="alert" data-testid="shared-not-found">
          {trace.error instanceof ApiError && trace.error.status === 404
            ? "The link was revoked, has expired, or never existed. Ask whoever sent it for a new one."
            : trace.error instanceof Error
              ? trace.error.message
              : String(trace.error)}
        </Alert>
      )}
      {trace.data && <SharedTrace trace={trace.data} selected={selected} onSelect={setSelected} />}
    </Container>
  );
}

function SharedTrace({
  trace: t,
  selected,
  onSelect,
}: {
  trace: TraceDetail;
  selected: string;
  onSelect: (id: string) => void;
}) {
  const obs = t.observations.find((o) => o.id === selected) ?? null;
  return (
    <Stack gap="sm" data-testid="shared-trace">
      <Group justify="space-between">
        <Box>
          <Title order={2}>{t.name ?? t.id}</Title>
          <Text size="xs" c="dimmed">
            {t.id} · {fmtDate(t.timestamp)} · {t.environment}
          </Text>
        </Box>
        <Group gap="xs">
          <Badge variant="light">{t.observations.length} observations</Badge>
          <Badge variant="light">{fmtMs(t.latencyMs)}</Badge>
          <Badge variant="light">{fmtCost(t.totalCost)}</Badge>
        </Group>
      </Group>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Tree trace={t} selected={selected} onSelect={onSelect} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm">
            {obs ? <ObservationView obs={obs} readOnly /> : <TraceIo trace={t} readOnly />}
          </Paper>
        </Grid.Col>
      </Grid>
      <Scores scores={t.scores} onSelect={onSelect} />
    </Stack>
  );
}
