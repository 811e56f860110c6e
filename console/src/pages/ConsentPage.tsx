import { Alert, Button, Checkbox, Code, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { get, send } from "../api";
import { ErrorNote, Loading } from "../components/States";
import { useMe } from "../session";
import type { ConsentInfo } from "../types";

const WRITE_SCOPE = "sightline:write";
const ALL_PROJECTS = "";

/**
 * The OAuth consent step of an MCP client (docs/mcp.md, "Consent"): the authorization server sends the signed-in
 * person here with the authorize request's query. The page names the client as it registered itself, the host the
 * code goes to and each scope in words; the person may leave out writes and limit the grant to one project. Allowing
 * or denying posts the query back and follows the redirect.
 */
export default function ConsentPage() {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const me = useMe();
  const [allowWrite, setAllowWrite] = useState(true);
  const [project, setProject] = useState<string>(ALL_PROJECTS);
  const info = useQuery({
    queryKey: ["oauth-consent", search],
    queryFn: () =>
      get<ConsentInfo>("/v1/oauth-consent", {
        client_id: query.get("client_id"),
        redirect_uri: query.get("redirect_uri"),
        scope: query.get("scope"),
      }),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (accept: boolean) => {
      const accepted = (info.data?.scopes ?? []).map((s) => s.scope).filter((s) => allowWrite || s !== WRITE_SCOPE);
      return send<{ redirect_uri?: string; url?: string }>("POST", "/v1/auth/oauth2/consent", {
        accept,
        oauth_query: search.slice(1),
        ...(accept && accepted.length ? { scope: accepted.join(" ") } : {}),
        ...(accept && project ? { project_id: project } : {}),
      });
    },
    onSuccess: (answer) => {
      const next = answer.redirect_uri ?? answer.url;
      if (next) window.location.assign(next);
    },
  });
  if (info.isPending) return <Loading />;
  if (info.error) return <ErrorNote error={info.error} title="This authorization request cannot be shown" />;
  const { client, redirectHost, scopes } = info.data;
  const projects = (me?.organizations ?? []).flatMap((o) =>
    o.projects.map((p) => ({ value: p.id, label: `${o.name} / ${p.name} (${o.role})` })),
  );
  return (
    <Stack maw={600}>
      <Title order={2}>Allow access</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {client.name ? (
            <Text>
              <Text span fw={700} data-testid="consent-client">
                {client.name}
              </Text>{" "}
              asks to use Sightline&apos;s MCP tools as you, with the role you hold in each project.
            </Text>
          ) : (
            <Alert color="orange" title="This application gave no name" data-testid="consent-client-unnamed">
              An application that registered itself without a name asks to use Sightline&apos;s MCP tools as you. Allow
              it only if you started this connection and recognise the address below.
            </Alert>
          )}
          <Text>
            The authorization goes to{" "}
            <Code fz="md" fw={700} data-testid="consent-redirect-host">
              {redirectHost}
            </Code>
            {client.uri && (
              <Text span c="dimmed" size="sm">
                {" "}
                (the client&apos;s site: {client.uri})
              </Text>
            )}
          </Text>
          <Stack gap={4} data-testid="consent-scopes">
            <Text fw={600}>It may:</Text>
            {scopes.map((s) =>
              s.scope === WRITE_SCOPE ? (
                <Checkbox
                  key={s.scope}
                  label={s.description}
                  description={s.scope}
                  checked={allowWrite}
                  onChange={(e) => setAllowWrite(e.currentTarget.checked)}
                />
              ) : (
                <Text key={s.scope} size="sm">
                  • {s.description} <Code>{s.scope}</Code>
                </Text>
              ),
            )}
          </Stack>
          {projects.length > 0 && (
            <Select
              label="Projects it may reach"
              data-testid="consent-project"
              data={[{ value: ALL_PROJECTS, label: "All my projects" }, ...projects]}
              value={project}
              onChange={(v) => setProject(v ?? ALL_PROJECTS)}
              allowDeselect={false}
            />
          )}
          <Group>
            <Button onClick={() => decide.mutate(true)} loading={decide.isPending && decide.variables === true}>
              Allow
            </Button>
            <Button
              variant="default"
              onClick={() => decide.mutate(false)}
              loading={decide.isPending && decide.variables === false}
            >
              Deny
            </Button>
          </Group>
          {decide.error && <ErrorNote error={decide.error} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
