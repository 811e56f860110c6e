import { Badge, Button, Code, Group, Paper, PasswordInput, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, send } from "../api";
import { QrCode } from "../components/QrCode";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import { useMe } from "../session";

interface AuthSession {
  id: string;
  token: string;
  createdAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** The signed-in person's own settings: TOTP two-factor and sessions, through better-auth (docs/auth.md, "Two-factor"). */
export default function AccountPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [enrolling, setEnrolling] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [code, setCode] = useState("");
  const enabled = me?.user.twoFactorEnabled === true;
  const refreshMe = () => queryClient.invalidateQueries({ queryKey: ["me"] });

  const enable = useMutation({
    mutationFn: () =>
      send<{ totpURI: string; backupCodes: string[] }>("POST", "/v1/auth/two-factor/enable", { password }),
    onSuccess: (r) => {
      setEnrolling(r);
      setPassword("");
    },
  });
  // The first code from the app turns two-factor on (docs/auth.md, "Two-factor").
  const confirm = useMutation({
    mutationFn: () => send("POST", "/v1/auth/two-factor/verify-totp", { code: code.trim() }),
    onSuccess: () => {
      setEnrolling(null);
      setCode("");
      return refreshMe();
    },
  });
  const disable = useMutation({
    mutationFn: () => send("POST", "/v1/auth/two-factor/disable", { password }),
    onSuccess: () => {
      setPassword("");
      return refreshMe();
    },
  });

  const sessions = useQuery({
    queryKey: ["auth-sessions"],
    queryFn: () => get<AuthSession[]>("/v1/auth/list-sessions"),
  });
  const current = useQuery({
    queryKey: ["auth-session"],
    queryFn: () => get<{ session: { token: string } } | null>("/v1/auth/get-session"),
  });
  const revoke = useMutation({
    mutationFn: (token: string) => send("POST", "/v1/auth/revoke-session", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["auth-sessions"] }),
  });
  const secret = enrolling ? new URL(enrolling.totpURI).searchParams.get("secret") : null;

  return (
    <Stack>
      <Title order={2}>Account</Title>
      <Text size="sm" data-testid="account-email">
        {me?.user.name} · {me?.user.email}
      </Text>

      <Paper withBorder p="sm">
        <Title order={4} mb="xs">
          Two-factor authentication{" "}
          <Badge color={enabled ? "green" : "gray"} data-testid="two-factor-state">
            {enabled ? "on" : "off"}
          </Badge>
        </Title>
        {enrolling ? (
          <Stack gap="xs">
            <Text size="sm">
              Scan the code or enter the key in your authenticator app, then type the code it shows.
            </Text>
            <QrCode text={enrolling.totpURI} />
            <Code block data-testid="totp-uri">
              {enrolling.totpURI}
            </Code>
            <Text size="sm">
              Key: <Code data-testid="totp-secret">{secret}</Code>
            </Text>
            <Text size="sm">Backup codes (each works once): {enrolling.backupCodes.join(" ")}</Text>
            <Group align="end">
              <TextInput
                label="Code from the app"
                size="xs"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                inputMode="numeric"
              />
              <Button size="xs" onClick={() => confirm.mutate()} loading={confirm.isPending}>
                Turn on
              </Button>
            </Group>
            <ErrorNote error={confirm.error} />
          </Stack>
        ) : (
          <Stack gap="xs">
            <Group align="end">
              <PasswordInput
                label="Password"
                size="xs"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                autoComplete="current-password"
                w={240}
              />
              {enabled ? (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => disable.mutate()}
                  loading={disable.isPending}
                  disabled={!password}
                >
                  Disable two-factor
                </Button>
              ) : (
                <Button size="xs" onClick={() => enable.mutate()} loading={enable.isPending} disabled={!password}>
                  Enable two-factor
                </Button>
              )}
            </Group>
            <ErrorNote error={enabled ? disable.error : enable.error} />
          </Stack>
        )}
      </Paper>

      <Paper withBorder p="sm">
        <Title order={4} mb="xs">
          Sessions
        </Title>
        {sessions.isLoading ? (
          <Loading />
        ) : sessions.error ? (
          <ErrorNote error={sessions.error} />
        ) : !sessions.data?.length ? (
          <Empty>No sessions.</Empty>
        ) : (
          <Table data-testid="sessions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Browser</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{fmtDate(s.createdAt)}</Table.Td>
                  <Table.Td>{fmtDate(s.expiresAt)}</Table.Td>
                  <Table.Td>{s.ipAddress ?? "—"}</Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={1} maw={320}>
                      {s.userAgent ?? "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {current.data?.session.token === s.token ? (
                      <Badge variant="light">this session</Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => revoke.mutate(s.token)}
                        loading={revoke.isPending && revoke.variables === s.token}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <ErrorNote error={revoke.error} />
      </Paper>
    </Stack>
  );
}
