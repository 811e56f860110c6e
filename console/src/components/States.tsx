import { Alert, Center, Code, Loader, Text } from "@mantine/core";
import { ApiError } from "../api";

export function Loading({ label = "Loading" }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return (
    <Text c="dimmed" py="lg" ta="center" data-testid="empty">
      {children}
    </Text>
  );
}

/** The error body's message where the user acted, with its details (e.g. a prompt include's path) when present. */
export function ErrorNote({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const details = error instanceof ApiError ? error.details : undefined;
  return (
    <Alert
      color="red"
      title={title ?? (error instanceof ApiError ? `${error.status} ${error.code}` : "Error")}
      role="alert"
      my="sm"
    >
      <Text size="sm">{message}</Text>
      {Array.isArray((details as { path?: unknown } | undefined)?.path) && (
        <Text size="sm" fw={600} data-testid="error-path">
          Path: {(details as { path: unknown[] }).path.map(String).join(" → ")}
        </Text>
      )}
      {details !== undefined && (
        <Code block mt="xs">
          {JSON.stringify(details, null, 2)}
        </Code>
      )}
    </Alert>
  );
}
