import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

type AnyHandler = (event: unknown, context: unknown) => Promise<unknown>;
const cache = new Map<string, Promise<AnyHandler>>();

/** Whether `handler` has been imported in this thread (the ingest worker's thread reports its preload). */
export async function handlerLoaded(handler: string): Promise<boolean> {
  const loaded = cache.get(handler);
  if (!loaded) return false;
  return loaded.then(
    () => true,
    () => false,
  );
}

/** Imports `functions/x/y.handler` (the tables' handler strings) once, as Lambda would. */
export function loadHandler(root: string, handler: string): Promise<AnyHandler> {
  let loaded = cache.get(handler);
  if (!loaded) {
    const dot = handler.lastIndexOf(".");
    const file = pathToFileURL(resolve(root, `${handler.slice(0, dot)}.ts`)).href;
    const name = handler.slice(dot + 1);
    loaded = import(file).then((mod: Record<string, unknown>) => {
      const fn = mod[name];
      if (typeof fn !== "function") throw new Error(`${handler} is not a function`);
      return fn as AnyHandler;
    });
    cache.set(handler, loaded);
  }
  return loaded;
}
