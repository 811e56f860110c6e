import "@mantine/core/styles.css";
import { createTheme, MantineProvider } from "@mantine/core";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { ApiError, api, getCredentials, hasSessionHint, loadConfig, type Me, signInWithSession } from "./api";

const theme = createTheme({
  primaryColor: "indigo",
  fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  defaultRadius: "sm",
});

const retry = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2;
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry, refetchOnWindowFocus: false } },
  queryCache: new QueryCache(),
  mutationCache: new MutationCache(),
});

async function boot() {
  await loadConfig();
  // A session cookie signs in without a form; a key in this tab's storage wins (docs/console.md, "Sign-in").
  if (!getCredentials() && hasSessionHint()) {
    try {
      signInWithSession(await api<Me>("GET", "/v1/me", { anonymous: true }));
    } catch {
      // No session: the sign-in page asks.
    }
  }
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

void boot();
