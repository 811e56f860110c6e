import { register } from "node:module";

/**
 * A module hook that loads zod's locale index as a module with English alone. zod's namespace objects (`z.locales`,
 * `z.core`) import all 64 of its locales, and `npm start` loads each module through tsx's loader at a few
 * milliseconds apiece: about a seventh of the modules the API's thread loads before it listens, and as many again on
 * the ingest worker's thread. Our messages are English and nothing of ours or of our packages picks another locale,
 * as the Lambda bundles already assume (`zodEnglishOnly` in stacks/bundle-trims.ts; docs/architecture.md, "Start-up").
 * The index keeps its own URL, so its `./en.js` is zod's.
 */
export const ZOD_ENGLISH_HOOKS = `data:text/javascript,${encodeURIComponent(`
  const INDEX = /\\/node_modules\\/zod\\/v4\\/locales\\/index\\.js$/;
  export async function load(url, context, next) {
    if (!INDEX.test(url)) return next(url, context);
    return { format: "module", source: 'export { default as en } from "./en.js";', shortCircuit: true };
  }`)}`;

/** Registers the hook in this thread: before the first import of zod, and in each worker thread (they do not inherit it). */
export function registerZodEnglishOnly(): void {
  register(ZOD_ENGLISH_HOOKS);
}
