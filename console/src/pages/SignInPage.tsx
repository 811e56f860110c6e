import { Button, Center, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api, forget, getConfig, type Me, signInWithKey, signInWithSession } from "../api";
import { ErrorNote } from "../components/States";

/** Sign in with a session (email and password) or, in development, with an API key (docs/console.md, "Sign-in"). */
export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = params.get("next");
  const target = next && next.startsWith("/") && !next.startsWith("//") ? next : "/traces";
  const keySignIn = getConfig().keySignIn;
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [signUp, setSignUp] = useState(false);

  const done = () => {
    queryClient.clear();
    navigate(target, { replace: true });
  };

  const withKey = async (form: FormData) => {
    setBusy(true);
    setError(null);
    signInWithKey(String(form.get("publicKey") ?? "").trim(), String(form.get("secretKey") ?? "").trim());
    try {
      // Any key may read its project list: a wrong key answers 401 here, where the user typed it.
      await api("GET", "/v1/projects", { anonymous: true });
      done();
    } catch (e) {
      forget();
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const withSession = async (form: FormData) => {
    setBusy(true);
    setError(null);
    const body = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), ...(signUp ? { name: String(form.get("name") ?? "") } : {}) };
    try {
      await api("POST", signUp ? "/v1/auth/sign-up/email" : "/v1/auth/sign-in/email", { body, anonymous: true });
      signInWithSession(await api<Me>("GET", "/v1/me", { anonymous: true }));
      done();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const sessionForm = (
    <form onSubmit={(e) => (e.preventDefault(), void withSession(new FormData(e.currentTarget)))}>
      <Stack>
        {signUp && <TextInput label="Name" name="name" required autoComplete="name" />}
        <TextInput label="Email" name="email" type="email" required autoComplete="email" />
        <PasswordInput label="Password" name="password" required autoComplete={signUp ? "new-password" : "current-password"} />
        <Button type="submit" loading={busy}>
          {signUp ? "Create account" : "Sign in"}
        </Button>
        <Button variant="subtle" size="xs" onClick={() => setSignUp(!signUp)}>
          {signUp ? "I have an account" : "Create an account"}
        </Button>
      </Stack>
    </form>
  );

  const keyForm = (
    <form onSubmit={(e) => (e.preventDefault(), void withKey(new FormData(e.currentTarget)))}>
      <Stack>
        <Text size="xs" c="dimmed">
          Development sign-in: the key stays in this tab only.
        </Text>
        <TextInput label="Public key" name="publicKey" placeholder="pk-sl-…" required autoComplete="username" data-autofocus />
        <PasswordInput label="Secret key" name="secretKey" placeholder="sk-sl-…" required autoComplete="current-password" />
        <Button type="submit" loading={busy}>
          Sign in with key
        </Button>
      </Stack>
    </form>
  );

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={400}>
        <Title order={2} mb="md">
          Sign in to Sightline
        </Title>
        {keySignIn ? (
          <Tabs defaultValue="key" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="key">API key</Tabs.Tab>
              <Tabs.Tab value="session">Email</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="key">{keyForm}</Tabs.Panel>
            <Tabs.Panel value="session">{sessionForm}</Tabs.Panel>
          </Tabs>
        ) : (
          sessionForm
        )}
        <ErrorNote error={error} />
      </Paper>
    </Center>
  );
}
