import { Button, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { api, setSessionHint } from "../api";

/** What `GET /v1/auth/methods` answers: which sign-ins the server has on (docs/auth.md, "GitHub and Google"). */
interface SignInMethods {
  github: boolean;
  google: boolean;
}

const PROVIDERS = [
  { id: "github", label: "Continue with GitHub" },
  { id: "google", label: "Continue with Google" },
] as const;

/**
 * "Continue with GitHub/Google", each only when the server has it configured. The browser leaves for the provider and
 * comes back to `back` (signed in) or to `errorBack` with `?error=…`.
 */
export function SocialSignIn(props: { back: string; errorBack: string; onError: (e: unknown) => void }) {
  const methods = useQuery({
    queryKey: ["auth-methods"],
    queryFn: () => api<SignInMethods>("GET", "/v1/auth/methods", { anonymous: true }),
    staleTime: Infinity,
    retry: false,
  });
  const on = PROVIDERS.filter((p) => methods.data?.[p.id]);
  if (!on.length) return null;

  const go = async (provider: string) => {
    try {
      const answer = await api<{ url: string }>("POST", "/v1/auth/sign-in/social", {
        body: { provider, callbackURL: props.back, errorCallbackURL: props.errorBack },
        anonymous: true,
      });
      setSessionHint();
      window.location.assign(answer.url);
    } catch (e) {
      props.onError(e);
    }
  };

  return (
    <Stack gap="xs">
      {on.map((p) => (
        <Button key={p.id} variant="default" onClick={() => void go(p.id)}>
          {p.label}
        </Button>
      ))}
    </Stack>
  );
}
