import { Button, Group, Menu, Text } from "@mantine/core";
import { useState } from "react";
import { downloadExport } from "../api";

type Filters = Record<string, string | number | null | undefined>;

/**
 * "Export" on a list page: every row the page's filters select (not just the page shown), as CSV or JSONL, from
 * `GET /v1/exports` (docs/export.md).
 */
export function ExportButton({ table, filters }: { table: "traces" | "observations" | "scores"; filters: Filters }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: "csv" | "jsonl") => {
    setBusy(true);
    setError(null);
    try {
      await downloadExport(table, format, filters);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs">
      <Menu position="bottom-end">
        <Menu.Target>
          <Button size="xs" variant="default" loading={busy} aria-label={`Export ${table}`}>
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Every row these filters select</Menu.Label>
          <Menu.Item onClick={() => void run("csv")}>CSV</Menu.Item>
          <Menu.Item onClick={() => void run("jsonl")}>JSONL</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {error && (
        <Text size="xs" c="red" role="alert">
          Export failed: {error}
        </Text>
      )}
    </Group>
  );
}
