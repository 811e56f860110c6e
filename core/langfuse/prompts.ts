import * as z from "zod";
import * as Prompts from "../prompts";
import { PageQuery } from "./page";

/*
 * Langfuse's prompt writes and list (docs/langfuse.md, "Prompts"), translated onto the prompt registry's use cases, whose
 * rules apply unchanged (docs/prompts.md): names without '/', `latest` reserved, labels moving between versions.
 */

/** Tags are not kept by the registry: an empty list is accepted, any tag refused rather than dropped. */
const NoTags = z.array(z.string()).max(0, "Prompt tags are not kept here: leave out tags").optional();

const createFields = {
  name: z.string(),
  config: z.unknown().optional(),
  labels: z.array(z.string()).optional(),
  tags: NoTags,
  commitMessage: z.string().nullish(),
};

/** Langfuse's create body (`type` `text` by default, `prompt` for the body), checked again as our save body. */
export const CreatePromptBody = z
  .preprocess(
    (body) => (typeof body === "object" && body !== null && !("type" in body) ? { ...body, type: "text" } : body),
    z.discriminatedUnion("type", [
      z.object({ ...createFields, type: z.literal("chat"), prompt: z.array(z.unknown()) }),
      z.object({ ...createFields, type: z.literal("text"), prompt: z.string() }),
    ]),
  )
  .transform(
    ({ name, type, prompt, config, labels, commitMessage }) =>
      ({
        name,
        type: type === "chat" ? "CHAT" : "TEXT",
        content: prompt,
        config: (config ?? {}) as Record<string, unknown>,
        labels: labels ?? [],
        commitMessage,
      }) as z.input<typeof Prompts.SavePromptBody>,
  )
  .pipe(Prompts.SavePromptBody);

export const ListPromptsQuery = PageQuery.extend({
  name: z.string().optional(),
  label: z.string().optional(),
  tag: z.string().optional(),
  fromUpdatedAt: z.iso.datetime({ offset: true }).optional(),
  toUpdatedAt: z.iso.datetime({ offset: true }).optional(),
});

export const LangfusePromptMeta = z.object({
  name: z.string(),
  type: z.enum(["text", "chat"]),
  versions: z.array(z.number().int()),
  labels: z.array(z.string()),
  tags: z.array(z.string()),
  lastUpdatedAt: z.string(),
  lastConfig: z.unknown(),
});

export const promptMetaView = (m: Prompts.PromptMeta): z.infer<typeof LangfusePromptMeta> => ({
  ...m,
  type: m.type === "CHAT" ? "chat" : "text",
  tags: [],
});

export const VersionPath = z.object({ name: z.string().min(1).max(1000), version: Prompts.VersionNumber });
export const UpdateLabelsBody = z.object({ newLabels: z.array(Prompts.SettableLabel).max(50) });

/**
 * Langfuse's prompt deletion: `version` or `label` narrows it to that one version (docs/langfuse.md, "Prompts");
 * neither deletes the prompt whole. Both at once is refused, as Langfuse does.
 */
export const DeletePromptQuery = z
  .object({ version: Prompts.VersionNumber.optional(), label: Prompts.Label.optional() })
  .refine((q) => q.version === undefined || q.label === undefined, "Give label or version, not both")
  .transform((q): Prompts.Selector | undefined =>
    q.version !== undefined ? { version: q.version } : q.label !== undefined ? { label: q.label } : undefined,
  );
