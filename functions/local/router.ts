import type { RouteDef } from "../routes";

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

interface Compiled {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
  /** Literal segments rank before parameters, as in API Gateway. */
  rank: number;
}

/** Matches requests to the route table with API Gateway's `{param}` and `{proxy+}` rules. */
export function createRouter(routes: readonly RouteDef[]) {
  const compiled: Compiled[] = routes
    .map((route) => {
      const names: string[] = [];
      const source = route.path
        .split("/")
        .map((segment) => {
          const greedy = segment.match(/^\{(\w+)\+\}$/);
          if (greedy) {
            names.push(greedy[1]!);
            return "(.+)";
          }
          const param = segment.match(/^\{(\w+)\}$/);
          if (param) {
            names.push(param[1]!);
            return "([^/]+)";
          }
          return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        })
        .join("/");
      return { route, pattern: new RegExp(`^${source}$`), names, rank: names.length };
    })
    .sort((a, b) => a.rank - b.rank);

  return {
    /** The route for method and path, `"method"` when only the method is wrong, or null. */
    match(method: string, path: string): RouteMatch | "method" | null {
      let pathMatched = false;
      for (const c of compiled) {
        const m = c.pattern.exec(path);
        if (!m) continue;
        pathMatched = true;
        if (c.route.method !== method) continue;
        const params = Object.fromEntries(c.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
        return { route: c.route, params };
      }
      return pathMatched ? "method" : null;
    },
  };
}
