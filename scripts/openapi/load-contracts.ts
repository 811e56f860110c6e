import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { HttpContract } from "../../functions/_lib/http";
import { loadHandler } from "../../functions/local/load-handler";
import { routes } from "../../functions/routes";

/** Routes whose handler is not an `http()` endpoint, each with the reason its module states (`exemptFromContract`). */
export async function exemptRoutes(root: string): Promise<Map<string, string>> {
  const exempt = new Map<string, string>();
  for (const route of routes) {
    const mod = (await import(
      pathToFileURL(resolve(root, `${route.handler.slice(0, route.handler.lastIndexOf("."))}.ts`)).href
    )) as { exemptFromContract?: string };
    if (mod.exemptFromContract) exempt.set(`${route.method} ${route.path}`, mod.exemptFromContract);
  }
  return exempt;
}

/** Imports every route's handler module (build and test time only) to read its contract; exempt routes are left out. */
export async function loadContracts(root: string) {
  const exempt = await exemptRoutes(root);
  const loaded = await Promise.all(
    routes.map(async (route) => {
      if (exempt.has(`${route.method} ${route.path}`)) return null;
      const handler = (await loadHandler(root, route.handler)) as { contract?: HttpContract };
      if (!handler.contract)
        throw new Error(`${route.handler} is not an http() handler and states no exemptFromContract reason`);
      return { method: route.method, path: route.path, contract: handler.contract };
    }),
  );
  return loaded.filter((c) => c !== null);
}
