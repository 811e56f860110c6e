import { loadHandler } from "../../functions/local/load-handler";
import { routes } from "../../functions/routes";
import type { HttpContract } from "../../functions/_lib/http";

/** Imports every route's handler module (build and test time only) to read its contract. */
export async function loadContracts(root: string) {
  return Promise.all(
    routes.map(async (route) => {
      const handler = (await loadHandler(root, route.handler)) as { contract?: HttpContract };
      if (!handler.contract) throw new Error(`${route.handler} is not an http() handler`);
      return { method: route.method, path: route.path, contract: handler.contract };
    }),
  );
}
