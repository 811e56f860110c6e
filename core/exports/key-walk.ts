/**
 * Raw rows the first page of an export's key-order walk spans: a page is the export's unit of memory (its text and
 * the store's fold of its range, whatever the export's size) and costs two statements, so larger pages cost less
 * per row (docs/export.md, "Speed"); after it, pages are sized by their text (./export-text.ts).
 */
export const EXPORT_PAGE = 5_000;

/**
 * A key-order walk: the first page is read before this resolves (a bad filter throws here), then each page after
 * it once the last one is taken; `shown` is what a page yields (null: nothing, the page is empty). Stops at the end
 * of the table or once `signal` is aborted.
 */
export async function walk<P extends { nextCursor: string | null }, T>(
  read: (cursor: string | undefined) => Promise<P>,
  shown: (page: P) => T | null,
  signal: AbortSignal | undefined,
): Promise<AsyncIterable<T>> {
  const first = await read(undefined);
  return (async function* () {
    let page = first;
    for (;;) {
      const out = shown(page);
      if (out !== null) yield out;
      if (!page.nextCursor || signal?.aborted) return;
      page = await read(page.nextCursor);
    }
  })();
}
