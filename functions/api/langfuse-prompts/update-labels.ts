import * as Langfuse from "@core/langfuse";
import * as Prompts from "@core/prompts";
import { langfuseHttp } from "../../_lib/langfuse-http";

// Labels are added to the version (moved from the versions holding them), never taken off it, as Langfuse does.
export const handler = langfuseHttp({
  role: "MEMBER",
  summary: "Langfuse: move labels onto a version of a prompt; answers that version",
  tags: ["prompts"],
  path: Langfuse.VersionPath,
  body: Langfuse.UpdateLabelsBody,
  response: Prompts.LangfusePrompt,
  run: async ({ path, body }, { deps, principal }) => {
    await Prompts.setLabels(deps, principal, path.name, { labels: body.newLabels, version: path.version });
    return Prompts.getLangfusePrompt(deps, principal.projectId, path.name, { version: path.version, resolve: false });
  },
});
