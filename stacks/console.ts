import { type StackContext, StaticSite, use } from "sst/constructs";
import { Api } from "./api";
import { StreamRoutes } from "./stream-routes";

/**
 * The web console on S3 + CloudFront. `npm install` (prepare) or `npm run build` builds console/dist before a
 * deploy; config.json is a template whose API URL and sign-in mode are written in at deploy (docs/console.md,
 * "On AWS").
 */
export function Console({ stack }: StackContext) {
  const { api } = use(Api);
  const { streamUrls } = use(StreamRoutes);
  // Sessions are the console's sign-in; the key form is a development switch, off by default (docs/console.md, "Sign-in").
  const keySignIn =
    process.env.SIGHTLINE_CONSOLE_KEY_SIGNIN === "true" || process.env.SIGHTLINE_CONSOLE_KEY_SIGNIN === "1"
      ? "true"
      : "false";
  const site = new StaticSite(stack, "Site", {
    path: "console",
    buildOutput: "dist",
    errorPage: "redirect_to_index_page",
    // SST writes Vite env types into the site's src/ by default; keep them out of the tree.
    vite: { types: "../.sst/types/console-env.d.ts" },
    replaceValues: [
      { files: "config.json", search: "{{ SIGHTLINE_API_URL }}", replace: api.url },
      // Streamed routes (the playground) answer at their function URL (docs/playground.md, "Streaming through both runtimes").
      { files: "config.json", search: "{{ SIGHTLINE_STREAM_URL }}", replace: streamUrls.PlaygroundUrl ?? "" },
      // Exports stream from theirs (docs/export.md, "On AWS").
      { files: "config.json", search: "{{ SIGHTLINE_EXPORT_URL }}", replace: streamUrls.ExportsUrl ?? "" },
      { files: "config.json", search: '"{{ SIGHTLINE_CONSOLE_KEY_SIGNIN }}"', replace: keySignIn },
    ],
  });
  stack.addOutputs({ ConsoleUrl: site.url });
  return { site };
}
