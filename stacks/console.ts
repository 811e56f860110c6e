import { StaticSite, use, type StackContext } from "sst/constructs";
import { Api } from "./api";

/**
 * The web console on S3 + CloudFront. `npm install` (prepare) or `npm run build` builds console/dist before a
 * deploy; config.json is a template whose API URL and sign-in mode are written in at deploy (docs/console.md,
 * "On AWS").
 */
export function Console({ stack }: StackContext) {
  const { api } = use(Api);
  // Key sign-in stands in until session sign-in lands (docs/console.md, "Sign-in").
  const keySignIn = process.env.SIGHTLINE_CONSOLE_KEY_SIGNIN === "false" || process.env.SIGHTLINE_CONSOLE_KEY_SIGNIN === "0" ? "false" : "true";
  const site = new StaticSite(stack, "Site", {
    path: "console",
    buildOutput: "dist",
    errorPage: "redirect_to_index_page",
    // SST writes Vite env types into the site's src/ by default; keep them out of the tree.
    vite: { types: "../.sst/types/console-env.d.ts" },
    replaceValues: [
      { files: "config.json", search: "{{ SIGHTLINE_API_URL }}", replace: api.url },
      { files: "config.json", search: '"{{ SIGHTLINE_CONSOLE_KEY_SIGNIN }}"', replace: keySignIn },
    ],
  });
  stack.addOutputs({ ConsoleUrl: site.url });
  return { site };
}
