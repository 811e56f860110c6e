import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, getCredentials, send, signInWithKey } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { ApiKey } from "../types";

interface Minted {
  id: string;
  publicKey: string;
  secretKey: string;
  role: ApiKey["role"];
  note: string | null;
}

const ROLES = ["VIEWER", "MEMBER", "ADMIN"];

/** The project's API keys: create, rotate (a new key with the same role and note, then the old one revoked), revoke. */
export default function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ["api-keys"], queryFn: () => get<{ data: ApiKey[] }>("/v1/api-keys") });
  const [role, setRole] = useState("MEMBER");
  const [note, setNote] = useState("");
  const [minted, setMinted] = useState<{ key: Minted; replaced?: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["api-keys"] });

  const create = useMutation({
    mutationFn: () => send<Minted>("POST", "/v1/api-keys", { role, note: note.trim() || null }),
    onSuccess: (key) => {
      setMinted({ key });
      setNote("");
      return refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: async (old: ApiKey) => {
      const key = await send<Minted>("POST", "/v1/api-keys", { role: old.role, note: old.note });
      const c = getCredentials();
      // Rotating the key this tab signed in with: switch to the new one before the old one stops working.
      if (c?.mode === "key" && c.publicKey === old.publicKey) signInWithKey(key.publicKey, key.secretKey);
      await send("DELETE", "/v1/api-keys", { publicKey: old.publicKey });
      return { key, replaced: old.publicKey };
    },
    onSuccess: (result) => {
      setMinted(result);
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (k: ApiKey) => send("DELETE", "/v1/api-keys", { publicKey: k.publicKey }),
    onSuccess: () => refresh(),
  });
  const current = getCredentials();

  return (
    <Stack>
      <Title order={2}>API keys</Title>
      <Paper withBorder p="sm">
        <Group align="end">
          <Select
            label="Role"
            size="xs"
            data={ROLES}
            value={role}
            onChange={(v) => setRole(v ?? "MEMBER")}
            allowDeselect={false}
            w={120}
          />
          <TextInput label="Note" size="xs" value={note} onChange={(e) => setNote(e.currentTarget.value)} w={240} />
          <Button size="xs" onClick={() => create.mutate()} loading={create.isPending}>
            Create key
          </Button>
        </Group>
        <ErrorNote error={create.error} />
      </Paper>
      {minted && (
        <Alert
          color="green"
          title={minted.replaced ? `Rotated ${minted.replaced}` : "Key created"}
          withCloseButton
          onClose={() => setMinted(null)}
          data-testid="minted-key"
        >
          <Text size="sm">The secret is shown only now. Public key:</Text>
          <Code block data-testid="minted-public">
            {minted.key.publicKey}
          </Code>
          <Text size="sm">Secret key:</Text>
          <Group gap="xs">
            <Code block style={{ flex: 1 }} data-testid="minted-secret">
              {minted.key.secretKey}
            </Code>
            <CopyButton value={minted.key.secretKey}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? "Copied" : "Copy"}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <ErrorNote error={rotate.error ?? revoke.error} />
      {keys.isPending ? (
        <Loading />
      ) : keys.error ? (
        <ErrorNote error={keys.error} />
      ) : keys.data.data.length === 0 ? (
        <Empty>No keys.</Empty>
      ) : (
        <Table striped data-testid="keys-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Public key</Table.Th>
              <Table.Th>Secret</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.data.map((k) => (
              <Table.Tr key={k.id} data-testid={`key-${k.publicKey}`}>
                <Table.Td>
                  <Code>{k.publicKey}</Code>{" "}
                  {current?.mode === "key" && current.publicKey === k.publicKey && <Badge size="xs">this tab</Badge>}
                </Table.Td>
                <Table.Td>
                  <Code>{k.secretKeyHint}</Code>
                </Table.Td>
                <Table.Td>{k.role}</Table.Td>
                <Table.Td>{k.note ?? ""}</Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(k.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="light"
                      loading={rotate.isPending && rotate.variables?.id === k.id}
                      onClick={() => rotate.mutate(k)}
                    >
                      Rotate
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="red"
                      loading={revoke.isPending && revoke.variables?.id === k.id}
                      onClick={() =>
                        window.confirm(`Revoke ${k.publicKey}? Calls with it fail from now on.`) && revoke.mutate(k)
                      }
                    >
                      Revoke
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
