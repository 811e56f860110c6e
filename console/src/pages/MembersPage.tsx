import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";
import type { Member } from "../types";

const ROLES = ["VIEWER", "MEMBER", "ADMIN", "OWNER"];

/**
 * The organization's members and pending invitations: add or change (PUT is an upsert by email), remove. An invitation
 * stays pending until the person proves the address (docs/auth.md, "Invitations and proven addresses").
 */
export default function MembersPage() {
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ["members"], queryFn: () => get<{ data: Member[] }>("/v1/memberships") });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("MEMBER");
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["members"] });
  const put = useMutation({
    mutationFn: (m: { email: string; role: string }) => send("PUT", "/v1/memberships", m),
    onSuccess: () => {
      setEmail("");
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (m: string) => send("DELETE", "/v1/memberships", { email: m }),
    onSuccess: () => refresh(),
  });
  return (
    <Stack>
      <Title order={2}>Members</Title>
      <Paper withBorder p="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            put.mutate({ email: email.trim(), role });
          }}
        >
          <Group align="end">
            <TextInput
              label="Email"
              size="xs"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              w={260}
            />
            <Select
              label="Role"
              size="xs"
              data={ROLES}
              value={role}
              onChange={(v) => setRole(v ?? "MEMBER")}
              allowDeselect={false}
              w={120}
            />
            <Button size="xs" type="submit" loading={put.isPending}>
              Add or change
            </Button>
          </Group>
        </form>
        <ErrorNote error={put.error ?? remove.error} />
      </Paper>
      {members.isPending ? (
        <Loading />
      ) : members.error ? (
        <ErrorNote error={members.error} />
      ) : members.data.data.length === 0 ? (
        <Empty>No members yet.</Empty>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Since</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.data.map((m) => (
              <Table.Tr key={m.email} data-testid={`member-${m.email}`}>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>
                  {m.status === "invited" ? (
                    <Badge
                      size="sm"
                      variant="light"
                      color="yellow"
                      title="Becomes a membership once they confirm their email"
                    >
                      invited
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="light" color="green">
                      member
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Role of ${m.email}`}
                    size="xs"
                    w={120}
                    data={ROLES}
                    value={m.role}
                    allowDeselect={false}
                    onChange={(v) => v && v !== m.role && put.mutate({ email: m.email, role: v })}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(m.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    onClick={() =>
                      window.confirm(
                        m.status === "invited" ? `Withdraw the invitation to ${m.email}?` : `Remove ${m.email}?`,
                      ) && remove.mutate(m.email)
                    }
                  >
                    {m.status === "invited" ? "Withdraw" : "Remove"}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
