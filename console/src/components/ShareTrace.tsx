import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Select, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, send } from "../api";
import { fmtDate } from "../format";
import type { ShareLink } from "../types";
import { ErrorNote } from "./States";

const EXPIRIES = [
  { value: "never", label: "Never (until revoked)" },
  { value: "1", label: "In 1 day" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
];
const STATUS_COLOR: Record<ShareLink["status"], string> = { active: "green", expired: "gray", revoked: "red" };

/** The console address of a link: the page `/shared/<token>` of this console, which needs no sign-in. */
export const sharedUrl = (path: string) => `${window.location.origin}${path}`;

/**
 * "Share" on the trace page (docs/sharing.md, "Console"): make a read-only link with an optional expiry, copy its
 * URL (shown once: only its hash is kept), and list and revoke the trace's links.
 */
export function ShareTrace({ traceId }: { traceId: string }) {
  const [opened, setOpened] = useState(false);
  const [expiry, setExpiry] = useState("never");
  const [made, setMade] = useState<string | null>(null);
  const key = ["share-links", traceId];
  const queryClient = useQueryClient();
  const base = `/v1/traces/${encodeURIComponent(traceId)}/share-links`;
  const links = useQuery({ queryKey: key, queryFn: () => get<{ data: ShareLink[] }>(base), enabled: opened });
  const create = useMutation({
    mutationFn: () =>
      send<ShareLink & { path: string }>(
        "POST",
        base,
        expiry === "never" ? {} : { expiresAt: new Date(Date.now() + Number(expiry) * 86_400_000).toISOString() },
      ),
    onSuccess: (link) => {
      setMade(sharedUrl(link.path));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => send("DELETE", `${base}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const close = () => {
    setOpened(false);
    setMade(null);
  };

  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)}>
        Share
      </Button>
      <Modal opened={opened} onClose={close} title="Share this trace" size="lg">
        <Stack gap="sm">
          <Text size="sm">
            Anyone with the link sees this trace read-only, without signing in, and nothing else of the project.
          </Text>
          <Group align="flex-end">
            <Select
              label="Expires"
              size="xs"
              w={200}
              data={EXPIRIES}
              value={expiry}
              onChange={(v) => setExpiry(v ?? "never")}
              allowDeselect={false}
            />
            <Button size="xs" onClick={() => create.mutate()} loading={create.isPending}>
              Create link
            </Button>
          </Group>
          <ErrorNote error={create.error} />
          {made && (
            <Alert color="green" title="Link created: copy it now, it is not shown again">
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="share-url" style={{ overflowWrap: "anywhere", flex: 1 }}>
                  {made}
                </Code>
                <CopyButton value={made}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
                      {copied ? "Copied" : "Copy"}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Alert>
          )}
          <ErrorNote error={links.error ?? revoke.error} />
          {links.data && links.data.data.length > 0 && (
            <Table data-testid="share-links">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.data.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Text size="xs">{fmtDate(l.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{l.expiresAt ? fmtDate(l.expiresAt) : "never"}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={STATUS_COLOR[l.status]}>
                        {l.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {l.status !== "revoked" && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          loading={revoke.isPending && revoke.variables === l.id}
                          onClick={() => revoke.mutate(l.id)}
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
        </Stack>
      </Modal>
    </>
  );
}
