import {
  Alert,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api, forget, getConfig, type Me, setSessionHint, signInWithKey, signInWithSession } from "../api";
import { SocialSignIn } from "../components/SocialSignIn";
import { SsoSignIn, ssoErrorOf } from "../components/SsoSignIn";
import { ErrorNote } from "../components/States";

type Step = "password" | "sign-up" | "totp" | "link-sent" | "verify-sent";

/** Where an expired or used magic link lands: better-auth adds `?error=…` to the errorCallbackURL (docs/auth.md, "Errors"). */
const LINK_ERROR = "The sign-in link is invalid, used or expired. Ask for a new one.";
/** Errors a GitHub or Google sign-in comes back with (docs/auth.md, "GitHub and Google"); others read as a link error. */
const BACK_ERRORS: Record<string, string> = {
  signup_closed: "Sign-up is closed; ask an administrator for an invitation.",
  account_not_linked:
    "An account with this email exists: sign in to it another way first (its email must be verified), then use this provider.",
  verification_needs_session:
    "This confirmation link works only in the browser signed in to the account it confirms. Open it there, or sign in with a magic link to this address (that ends any other way into the account).",
};

/**
 * Where a sign-in that left the page (magic link, GitHub, Google, SSO) goes once its code passed: the server sent the
 * browser here with `?twoFactor=1&callbackURL=…` instead of to its callback (docs/auth.md, "Two-factor"). Only a
 * callback on this origin is followed, so the parameter cannot send a person elsewhere.
 */
function twoFactorCallback(params: URLSearchParams): string | null {
  const raw = params.get("callbackURL");
  if (params.get("twoFactor") !== "1" || !raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Sign in with a session (email and password, magic link, TOTP) or, in development, with an API key (docs/console.md, "Sign-in"). */
export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = params.get("next");
  const target = next?.startsWith("/") && !next.startsWith("//") ? next : "/traces";
  const keySignIn = getConfig().keySignIn;
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Back from a magic link, GitHub, Google or SSO of a person with two-factor on: the code step first.
  const [step, setStep] = useState<Step>(params.get("twoFactor") === "1" ? "totp" : "password");
  const [email, setEmail] = useState("");

  const done = () => {
    queryClient.clear();
    navigate(target, { replace: true });
  };

  const finishSession = async () => {
    signInWithSession(await api<Me>("GET", "/v1/me", { anonymous: true }));
    done();
  };

  const attempt = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  // Back from a magic link: the cookie is set, so asking `GET /v1/me` raises no prompt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival from the link.
  useEffect(() => {
    if (params.get("link") === "1") void attempt(finishSession);
  }, []);

  const withKey = (form: FormData) =>
    attempt(async () => {
      signInWithKey(String(form.get("publicKey") ?? "").trim(), String(form.get("secretKey") ?? "").trim());
      try {
        // Any key may read its project list: a wrong key answers 401 here, where the user typed it.
        await api("GET", "/v1/projects", { anonymous: true });
      } catch (e) {
        forget();
        throw e;
      }
      done();
    });

  const withPassword = (form: FormData) =>
    attempt(async () => {
      const signUp = step === "sign-up";
      // The mailed confirmation link comes back to this page, which reads the session it opened in (docs/auth.md).
      const confirmed = `${window.location.origin}/sign-in?link=1&next=${encodeURIComponent(target)}`;
      const person = signUp ? { name: String(form.get("name") ?? ""), callbackURL: confirmed } : {};
      const body = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), ...person };
      const answer = await api<{ twoFactorRedirect?: boolean; user?: { emailVerified?: boolean } }>(
        "POST",
        signUp ? "/v1/auth/sign-up/email" : "/v1/auth/sign-in/email",
        { body, anonymous: true },
      );
      // A two-factor person gets a short-lived two-factor cookie, not a session, until the code (docs/auth.md, "Two-factor").
      if (answer?.twoFactorRedirect) return setStep("totp");
      // A password sign-up is mailed a link that confirms the address; invitations apply once it is opened (docs/auth.md, "Invitations and proven addresses").
      if (signUp && answer?.user?.emailVerified === false) return setStep("verify-sent");
      await finishSession();
    });

  const withCode = (form: FormData) =>
    attempt(async () => {
      await api("POST", "/v1/auth/two-factor/verify-totp", {
        body: { code: String(form.get("code") ?? "").trim() },
        anonymous: true,
      });
      const callback = twoFactorCallback(params);
      if (!callback) return finishSession();
      // The callback is where the sign-in meant to land (the console's `/sign-in?link=1&next=…`): load it as a fresh page.
      signInWithSession(await api<Me>("GET", "/v1/me", { anonymous: true }));
      window.location.assign(callback);
    });

  const withLink = () =>
    attempt(async () => {
      const origin = window.location.origin;
      const back = `${origin}/sign-in?link=1&next=${encodeURIComponent(target)}`;
      const errorBack = `${origin}/sign-in?next=${encodeURIComponent(target)}`;
      await api("POST", "/v1/auth/sign-in/magic-link", {
        body: { email, callbackURL: back, errorCallbackURL: errorBack },
        anonymous: true,
      });
      setSessionHint();
      setStep("link-sent");
    });

  const signUp = step === "sign-up";
  const passwordForm = (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void withPassword(new FormData(e.currentTarget));
      }}
    >
      <Stack>
        {signUp && (
          <Text size="xs" c="dimmed">
            On a new installation the first account becomes the owner of the default project: create the owner account
            here.
          </Text>
        )}
        {signUp && <TextInput label="Name" name="name" required autoComplete="name" />}
        <TextInput
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          required
          autoComplete={signUp ? "new-password" : "current-password"}
        />
        <Button type="submit" loading={busy}>
          {signUp ? "Create account" : "Sign in"}
        </Button>
        {!signUp && (
          <Button variant="light" disabled={!email} onClick={() => void withLink()}>
            Email me a link
          </Button>
        )}
        {!signUp && (
          <SocialSignIn
            back={`${window.location.origin}/sign-in?link=1&next=${encodeURIComponent(target)}`}
            errorBack={`${window.location.origin}/sign-in?next=${encodeURIComponent(target)}`}
            onError={setError}
          />
        )}
        {!signUp && <SsoSignIn email={email} target={target} onError={setError} />}
        <Divider />
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            setError(null);
            setStep(signUp ? "password" : "sign-up");
          }}
        >
          {signUp ? "I have an account" : "Create an account (first run: create the owner account)"}
        </Button>
      </Stack>
    </form>
  );

  const codeForm = (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void withCode(new FormData(e.currentTarget));
      }}
    >
      <Stack>
        <Text size="sm">Enter the code from your authenticator app.</Text>
        <TextInput
          label="Authentication code"
          name="code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          data-autofocus
        />
        <Button type="submit" loading={busy}>
          Verify
        </Button>
      </Stack>
    </form>
  );

  const verifySent = (
    <Stack>
      <Text size="sm" data-testid="verify-sent">
        We mailed a link to {email} to confirm the address. Invitations to it apply once you open that link; until then
        you can use your account as it is.
      </Text>
      <Button onClick={() => void attempt(finishSession)} loading={busy}>
        Continue
      </Button>
    </Stack>
  );

  const sessionForm =
    step === "totp" ? (
      codeForm
    ) : step === "verify-sent" ? (
      verifySent
    ) : step === "link-sent" ? (
      <Text size="sm" data-testid="link-sent">
        A sign-in link is on its way to {email}. Open it in this browser.
      </Text>
    ) : (
      passwordForm
    );

  const keyForm = (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void withKey(new FormData(e.currentTarget));
      }}
    >
      <Stack>
        <Text size="xs" c="dimmed">
          Development sign-in: the key stays in this tab only.
        </Text>
        <TextInput
          label="Public key"
          name="publicKey"
          placeholder="pk-sl-…"
          required
          autoComplete="username"
          data-autofocus
        />
        <PasswordInput
          label="Secret key"
          name="secretKey"
          placeholder="sk-sl-…"
          required
          autoComplete="current-password"
        />
        <Button type="submit" loading={busy}>
          Sign in with key
        </Button>
      </Stack>
    </form>
  );

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420}>
        <Title order={2} mb="md">
          {signUp ? "Create an account" : "Sign in to Sightline"}
        </Title>
        {params.get("error") && (
          <Alert color="red" role="alert" mb="md" data-testid="link-error">
            {params.get("sso") ? ssoErrorOf(params) : (BACK_ERRORS[params.get("error")!] ?? LINK_ERROR)}
          </Alert>
        )}
        {keySignIn ? (
          <Tabs defaultValue={step === "totp" ? "session" : "key"} keepMounted={false}>
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
