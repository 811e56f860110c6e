import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { routes } from "../../routes";
import type { HttpContract } from "../../_lib/http";

/** Imports every route's handler module (build and test time only) to read its contract. */
export async function loadContracts(root: string) {
  return Promise.all(
    routes.map(async (route) => {
      const [file, exportName] = splitHandler(route.handler);
      const mod = (await import(pathToFileURL(resolve(root, `${file}.ts`)).href)) as Record<string, { contract?: HttpContract }>;
      const contract = mod[exportName]?.contract;
      if (!contract) throw new Error(`${route.handler} does not export an http() handler`);
      return { method: route.method, path: route.path, contract };
    }),
  );
}

export function splitHandler(handler: string): [string, string] {
  const dot = handler.lastIndexOf(".");
  return [handler.slice(0, dot), handler.slice(dot + 1)];
}
