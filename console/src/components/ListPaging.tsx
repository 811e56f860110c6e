import { Button } from "@mantine/core";
import { useSearchParams } from "react-router";

/**
 * A list page's filters in the query string, so a URL can be shared (docs/console.md): `set` changes one, and
 * changing a filter starts again from the first page.
 */
export function useListParams(): [URLSearchParams, (key: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    value ? next.set(key, value) : next.delete(key);
    if (key !== "cursor") next.delete("cursor");
    setParams(next);
  };
  return [params, set];
}

/** "Next page" while the list's answer names a cursor. */
export function NextPage({ cursor, onNext }: { cursor: string | null | undefined; onNext: (cursor: string) => void }) {
  if (!cursor) return null;
  return (
    <Button variant="default" size="xs" w="fit-content" onClick={() => onNext(cursor)}>
      Next page
    </Button>
  );
}
