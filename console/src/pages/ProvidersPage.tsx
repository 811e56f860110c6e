import { Badge, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, seg, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";

interface Provider {
  provider: string;
  baseUrl: string | null;
  configured: boolean;
  updatedAt: string | null;
}

const BASE_URL_HINT: Record<string, string> = {
  openai: "https://api.openai.com/v1 (must end in /v1)",
  anthropic: "https://api.anthropic.com (the host root)",
  "openai-compatible": "http://localhost:11434/v1 (vLLM, Ollama, LiteLLM; required)",
};
/** A server speaking OpenAI's API may take no key (a local Ollama); it needs its base URL instead. */
const KEY_OPTIONAL = new Set(["openai-compatible"]);

/** One keyed provider: the key is write-only (the API never returns it), so the box is empty after every save. */
function ProviderCard({ provider, onChange }: { provider: Provider; onChange: () => void }) {
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState(provider.baseUrl ?? "");
  const save = useMutation({
    mutationFn: () =>
      send<Provider>("PUT", `/v1/providers/${seg(provider.provider)}`, { apiKey, baseUrl: baseUrl.trim() || null }),
    onSuccess: () => {
      setApiKey("");
      return onChange();
    },
  });
  const remove = useMutation({
    mutationFn: () => send("DELETE", `/v1/providers/${seg(provider.provider)}`),
    onSuccess: () => {
      setBaseUrl("");
      return onChange();
    },
  });
  return (
    <Paper withBorder p="sm" data-testid={`provider-${provider.provider}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        autoComplete="off"
      >
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{provider.provider}</Text>
            <Badge color={provider.configured ? "green" : "gray"} variant="light">
              {provider.configured
                ? `configured${provider.updatedAt ? ` ${fmtDate(provider.updatedAt)}` : ""}`
                : "not configured"}
            </Badge>
          </Group>
          <Group align="end">
            <PasswordInput
              label={provider.configured ? "New API key" : "API key"}
              size="xs"
              w={320}
              required={!KEY_OPTIONAL.has(provider.provider)}
              autoComplete="new-password"
              value={apiKey}
              onChange={(e) => setApiKey(e.currentTarget.value)}
              description="Stored encrypted; never shown again, not even here"
            />
            <TextInput
              label={KEY_OPTIONAL.has(provider.provider) ? "Base URL" : "Base URL (optional)"}
              size="xs"
              w={320}
              placeholder={BASE_URL_HINT[provider.provider]}
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.currentTarget.value)}
            />
            <Button
              type="submit"
              size="xs"
              loading={save.isPending}
              disabled={KEY_OPTIONAL.has(provider.provider) ? !baseUrl.trim() : !apiKey}
            >
              {provider.configured ? "Replace key" : "Save key"}
            </Button>
            {provider.configured && (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={remove.isPending}
                onClick={() => window.confirm(`Remove the ${provider.provider} credentials?`) && remove.mutate()}
              >
                Remove
              </Button>
            )}
          </Group>
          <ErrorNote error={save.error ?? remove.error} />
        </Stack>
      </form>
    </Paper>
  );
}

/** Provider credentials for LLM judges (ADMIN): put, replace or remove; the key is sealed under the key ring and never returned. */
export default function ProvidersPage() {
  const queryClient = useQueryClient();
  const providers = useQuery({ queryKey: ["providers"], queryFn: () => get<{ data: Provider[] }>("/v1/providers") });
  const keyed = (providers.data?.data ?? []).filter((p) => p.provider !== "mock");
  return (
    <Stack>
      <Title order={2}>Provider credentials</Title>
      <Text size="sm" c="dimmed">
        The keys LLM-judge evaluators and the playground call their provider with; an OpenAI-compatible server (vLLM,
        Ollama, LiteLLM) by its base URL. A key is stored encrypted and is write-only: the API never returns it, so this
        page cannot show it. The mock provider needs none.
      </Text>
      <ErrorNote error={providers.error} />
      {providers.isPending ? (
        <Loading />
      ) : keyed.length === 0 ? (
        <Empty>No providers take credentials.</Empty>
      ) : (
        keyed.map((p) => (
          <ProviderCard
            key={`${p.provider}-${p.updatedAt ?? "none"}`}
            provider={p}
            onChange={() => void queryClient.invalidateQueries({ queryKey: ["providers"] })}
          />
        ))
      )}
    </Stack>
  );
}
