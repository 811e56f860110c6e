import {
  ActionIcon,
  AppShell,
  Group,
  NavLink,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "react-router";
import { api, chooseProject, forget, getCredentials } from "../api";
import { useMe } from "../session";

const NAV = [
  { to: "/traces", label: "Traces" },
  { to: "/sessions", label: "Sessions" },
  { to: "/observations", label: "Span explorer" },
  { to: "/users", label: "Users" },
  { to: "/metrics", label: "Metrics" },
  { to: "/scores", label: "Scores" },
  { to: "/prompts", label: "Prompts" },
  { to: "/playground", label: "Playground" },
  { to: "/datasets", label: "Datasets" },
  { to: "/evaluators", label: "Evaluators" },
  { to: "/review-queues", label: "Review queues" },
];

const SETTINGS = [
  { to: "/settings/api-keys", label: "API keys" },
  { to: "/settings/members", label: "Members" },
  { to: "/settings/sso", label: "SSO" },
  { to: "/settings/audit-log", label: "Audit log" },
  { to: "/settings/policies", label: "Data policies" },
  { to: "/settings/model-prices", label: "Model prices" },
  { to: "/settings/automations", label: "Automations" },
  { to: "/settings/alerts", label: "Alert rules" },
  { to: "/settings/score-configs", label: "Score configs" },
  { to: "/settings/providers", label: "Provider credentials" },
  { to: "/settings/event-sink", label: "Event sink" },
  { to: "/settings/exports", label: "Scheduled exports" },
  { to: "/settings/ingest", label: "Ingest health" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light");
  const credentials = getCredentials();
  const me = useMe();
  const projects =
    me?.organizations.flatMap((o) => o.projects.map((p) => ({ value: p.id, label: `${o.name} / ${p.name}` }))) ?? [];
  const settings =
    credentials?.mode === "session" ? [...SETTINGS, { to: "/settings/account", label: "Account" }] : SETTINGS;

  const signOut = async () => {
    if (credentials?.mode === "session") await api("POST", "/v1/auth/sign-out", { body: {} }).catch(() => undefined);
    forget();
    queryClient.clear();
    navigate("/sign-in");
  };

  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 200, breakpoint: "xs" }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={4}>Sightline</Title>
          <Group gap="sm">
            {credentials?.mode === "session" && projects.length > 0 && (
              // Organization and project from `GET /v1/me`; the choice goes out as X-Sightline-Project on every call.
              <Select
                aria-label="Project"
                size="xs"
                w={240}
                data={projects}
                value={credentials.projectId}
                allowDeselect={false}
                onChange={(v) => {
                  if (!v) return;
                  chooseProject(v);
                  queryClient.clear();
                  navigate("/traces");
                }}
              />
            )}
            <Text size="xs" c="dimmed" data-testid="signed-in-as">
              {credentials?.mode === "key" ? credentials.publicKey : me?.user.email}
            </Text>
            <Tooltip label={scheme === "dark" ? "Light theme" : "Dark theme"}>
              <ActionIcon
                variant="default"
                aria-label="Toggle theme"
                onClick={() => setColorScheme(scheme === "dark" ? "light" : "dark")}
              >
                {scheme === "dark" ? "☀" : "☾"}
              </ActionIcon>
            </Tooltip>
            <ActionIcon variant="default" w="auto" px="xs" aria-label="Sign out" onClick={() => void signOut()}>
              <Text size="xs">Sign out</Text>
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main" style={{ overflowY: "auto" }}>
        <Stack gap={2}>
          {NAV.map((n) => (
            <NavLink
              key={n.to}
              component={Link}
              to={n.to}
              label={n.label}
              active={location.pathname.startsWith(n.to)}
            />
          ))}
          <Text size="xs" c="dimmed" fw={600} mt="sm" px="sm">
            SETTINGS
          </Text>
          {settings.map((n) => (
            <NavLink
              key={n.to}
              component={Link}
              to={n.to}
              label={n.label}
              active={location.pathname.startsWith(n.to)}
            />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
