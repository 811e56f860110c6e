import * as Langfuse from "@core/langfuse";
import pkg from "../../../../package.json";
import { langfuseHttp } from "../../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  public:
    'Health, which Langfuse answers without credentials: it reveals nothing of any project (docs/langfuse.md, "Health and projects")',
  summary: 'Langfuse-compatible health check: `{status: "OK", version}` while the API answers',
  tags: ["health"],
  response: Langfuse.LangfuseProjects.Health,
  run: async () => ({ status: "OK" as const, version: pkg.version }),
});
