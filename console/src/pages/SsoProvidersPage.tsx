import {
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, send } from "../api";
import { Empty, ErrorNote, Loading } from "../components/States";
import { fmtDate } from "../format";

interface Provider {
  id: string;
  type: "oidc" | "saml";
  domain: string;
  defaultRole: string;
  issuer: string;
  clientId?: string;
  entryPoint?: string;
  redirectPath?: string;
  acsPath?: string;
  spEntityId?: string;
  /** Until verified the provider signs no one in (docs/auth.md, "Proving the domain"). */
  verified: boolean;
  verifiedAt: string | null;
  verificationRecord: { type: "TXT"; name: string; value: string };
  createdAt: string;
}

const ROLES = ["VIEWER", "MEMBER", "ADMIN"];
const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/**
 * The organization's SSO identity providers (docs/auth.md, "SSO"): register one per email domain, publish the TXT
 * record and verify the domain, see what the IdP needs, delete.
 */
export default function SsoProvidersPage() {
  const queryClient = useQueryClient();
  const providers = useQuery({
    queryKey: ["sso-providers"],
    queryFn: () => get<{ data: Provider[] }>("/v1/sso-providers"),
  });
  const [type, setType] = useState<"oidc" | "saml">("oidc");
  const [role, setRole] = useState("VIEWER");
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["sso-providers"] });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => send("POST", "/v1/sso-providers", body),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => send("DELETE", `/v1/sso-providers/${id}`),
    onSuccess: () => refresh(),
  });
  const verify = useMutation({
    mutationFn: (id: string) => send("POST", `/v1/sso-providers/${id}/verify`),
    onSuccess: () => refresh(),
  });
  const submit = (form: FormData) => {
    const common = { type, domain: field(form, "domain"), defaultRole: role };
    create.mutate(
      type === "oidc"
        ? {
            ...common,
            issuer: field(form, "issuer"),
            clientId: field(form, "clientId"),
            clientSecret: field(form, "clientSecret"),
          }
        : {
            ...common,
            entryPoint: field(form, "entryPoint"),
            entityId: field(form, "entityId"),
            cert: field(form, "cert"),
          },
    );
  };
  const origin = window.location.origin;
  return (
    <Stack>
      <Title order={2}>SSO</Title>
      <Paper withBorder p="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(new FormData(e.currentTarget));
          }}
        >
          <Stack gap="xs">
            <Group align="end">
              <SegmentedControl
                size="xs"
                data={[
                  { value: "oidc", label: "OIDC" },
                  { value: "saml", label: "SAML" },
                ]}
                value={type}
                onChange={(v) => setType(v as "oidc" | "saml")}
              />
              <TextInput label="Email domain" name="domain" size="xs" required placeholder="acme.com" w={200} />
              <Select
                label="Role of new people"
                size="xs"
                data={ROLES}
                value={role}
                onChange={(v) => setRole(v ?? "VIEWER")}
                allowDeselect={false}
                w={150}
              />
            </Group>
            {type === "oidc" ? (
              <Group align="end">
                <TextInput label="Issuer" name="issuer" size="xs" required placeholder="https://idp.acme.com" w={260} />
                <TextInput label="Client id" name="clientId" size="xs" required w={180} />
                <TextInput label="Client secret" name="clientSecret" size="xs" type="password" required w={180} />
              </Group>
            ) : (
              <Stack gap="xs">
                <Group align="end">
                  <TextInput label="IdP sign-on URL" name="entryPoint" size="xs" required w={260} />
                  <TextInput label="IdP entity id" name="entityId" size="xs" required w={260} />
                </Group>
                <Textarea label="IdP signing certificate (PEM)" name="cert" size="xs" required autosize minRows={3} />
              </Stack>
            )}
            <Group>
              <Button size="xs" type="submit" loading={create.isPending}>
                Register
              </Button>
            </Group>
          </Stack>
        </form>
        <ErrorNote error={create.error ?? remove.error ?? verify.error} />
      </Paper>
      {providers.isPending ? (
        <Loading />
      ) : providers.error ? (
        <ErrorNote error={providers.error} />
      ) : providers.data.data.length === 0 ? (
        <Empty>No SSO providers yet.</Empty>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Domain</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Identity provider</Table.Th>
              <Table.Th>Give the IdP</Table.Th>
              <Table.Th>New people</Table.Th>
              <Table.Th>Since</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {providers.data.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.domain}</Table.Td>
                <Table.Td>
                  {p.verified ? (
                    <Badge color="green" data-testid="sso-status">
                      Verified
                    </Badge>
                  ) : (
                    <Stack gap={4}>
                      <Badge color="yellow" data-testid="sso-status">
                        Not verified: signs no one in
                      </Badge>
                      <Text size="xs">
                        Publish this {p.verificationRecord.type} record at the domain's DNS, then verify:
                      </Text>
                      <Code
                        block
                        data-testid="sso-record"
                      >{`${p.verificationRecord.name}  ${p.verificationRecord.type}  "${p.verificationRecord.value}"`}</Code>
                      <Group>
                        <Button
                          size="compact-xs"
                          onClick={() => verify.mutate(p.id)}
                          loading={verify.isPending && verify.variables === p.id}
                        >
                          Verify
                        </Button>
                      </Group>
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>{p.type.toUpperCase()}</Table.Td>
                <Table.Td>
                  <Text size="xs">{p.issuer}</Text>
                </Table.Td>
                <Table.Td>
                  {p.type === "oidc" ? (
                    <Text size="xs">Redirect URI: {origin + (p.redirectPath ?? "")}</Text>
                  ) : (
                    <Text size="xs">
                      ACS: {origin + (p.acsPath ?? "")}
                      <br />
                      Entity id: {p.spEntityId}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{p.defaultRole}</Table.Td>
                <Table.Td>
                  <Text size="xs">{fmtDate(p.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    onClick={() => window.confirm(`Delete the SSO provider for ${p.domain}?`) && remove.mutate(p.id)}
                  >
                    Delete
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
