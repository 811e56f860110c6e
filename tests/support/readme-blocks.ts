import { readFileSync } from "node:fs";

/**
 * The first fenced code block of `language` in a Markdown file, exactly as a reader copies it. The SDK READMEs open
 * with an install line (`sh`) and a quick start program: the install tests run both as pasted.
 */
export function firstBlock(file: string, language: string): string {
  for (const [, lang, code] of readFileSync(file, "utf8").matchAll(/^```([\w-]*)\n([\s\S]*?)^```$/gm))
    if (lang === language) return code!;
  throw new Error(`${file} has no \`\`\`${language} block`);
}
