import { Button, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { send } from "../api";
import { ErrorNote } from "../components/States";

/**
 * The OAuth consent step of an MCP client (docs/mcp.md, "OAuth"): the authorization server sends the signed-in
 * person here with the authorize request's query; allowing or denying posts it back and follows the redirect.
 */
export default function ConsentPage() {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const scopes = (query.get("scope") ?? "").split(" ").filter(Boolean);
  const decide = useMutation({
    mutationFn: (accept: boolean) => send<{ redirect_uri?: string; url?: string }>("POST", "/v1/auth/oauth2/consent", { accept, oauth_query: search.slice(1) }),
    onSuccess: (answer) => {
      const next = answer.redirect_uri ?? answer.url;
      if (next) window.location.assign(next);
    },
  });
  return (
    <Stack maw={560}>
      <Title order={2}>Allow access</Title>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text>
            The application <Code data-testid="consent-client">{query.get("client_id") ?? "unknown"}</Code> asks to use the MCP tools of Sightline as you, with the
            role you hold in each project.
          </Text>
          {scopes.length > 0 && (
            <Text size="sm">
              Scopes: {scopes.map((s) => <Code key={s} mr={4}>{s}</Code>)}
            </Text>
          )}
          <Group>
            <Button onClick={() => decide.mutate(true)} loading={decide.isPending && decide.variables === true}>
              Allow
            </Button>
            <Button variant="default" onClick={() => decide.mutate(false)} loading={decide.isPending && decide.variables === false}>
              Deny
            </Button>
          </Group>
          {decide.error && <ErrorNote error={decide.error} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
