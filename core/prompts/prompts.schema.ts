import * as z from "zod";
import { Limit } from "../platform/pagination";

/** Wire shapes of the prompt endpoints (request bodies and answers). */

export const PROMPT_TYPES = ["TEXT", "CHAT"] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** The channel every save moves; it cannot be set or promoted by hand. */
export const LATEST = "latest";
/** The channel compile and the Langfuse alias use when none is named. */
export const DEFAULT_CHANNEL = "production";

export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const LABEL_PATTERN = /^[a-z0-9_.-]+$/;
export const SLOT_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Version numbers are Postgres integers. */
export const MAX_VERSION = 2_147_483_647;

export const PromptName = z
  .string()
  .min(1)
  .max(200)
  .regex(NAME_PATTERN, "A prompt name starts with a letter or digit and holds only letters, digits, '.', '_' and '-'");

export const Label = z
  .string()
  .min(1)
  .max(36)
  .regex(LABEL_PATTERN, "A label holds only lowercase letters, digits, '.', '_' and '-'");

/** A label a client may set: anything but `latest`, which the service moves on every save. */
export const SettableLabel = Label.refine(
  (l) => l !== LATEST,
  "The label 'latest' is managed by the service: it moves to every new version",
);

export const Folder = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((f) => !f.includes("/"), "A folder is one flat name: it may not contain '/'");

export const VersionNumber = z.coerce.number().int().min(1).max(MAX_VERSION);

export const ChatMessage = z.object({ role: z.string().min(1).max(100), content: z.string() });
export const PlaceholderSlot = z.object({
  type: z.literal("placeholder"),
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(SLOT_PATTERN, "A placeholder name is a letter or '_' followed by letters, digits or '_'"),
});
/** Langfuse clients send messages with `type: "chatmessage"`; it is accepted and not stored. */
const ChatMessageIn = ChatMessage.extend({ type: z.literal("chatmessage").optional() });
export const ChatEntryIn = z.union([PlaceholderSlot, ChatMessageIn]);
export const ChatEntry = z.union([PlaceholderSlot, ChatMessage]);
export type ChatEntry = z.infer<typeof ChatEntry>;
export type PromptContent = string | ChatEntry[];

export const PromptConfig = z.record(z.string(), z.unknown());

const saveFields = {
  name: PromptName,
  folder: Folder.nullish(),
  config: PromptConfig.default({}),
  labels: z.array(SettableLabel).max(50).default([]),
  commitMessage: z.string().max(2000).nullish(),
};

export const SavePromptBody = z.discriminatedUnion("type", [
  z.object({ ...saveFields, type: z.literal("TEXT"), content: z.string().max(1_000_000) }),
  z.object({ ...saveFields, type: z.literal("CHAT"), content: z.array(ChatEntryIn).min(1).max(1000) }),
]);
export type SavePromptInput = z.output<typeof SavePromptBody>;

export const PromptPath = z.object({ name: PromptName });

/** `?channel=` or `?version=` (not both): resolve that version with includes expanded. */
export const DetailQuery = z
  .object({
    channel: Label.optional(),
    version: VersionNumber.optional(),
    /** `false`: the version asked for as written (includes unexpanded), as the console's editor and diff read it. */
    resolve: z.enum(["true", "false"]).optional(),
  })
  .refine((q) => q.channel === undefined || q.version === undefined, "Give channel or version, not both");
export type DetailQuery = z.output<typeof DetailQuery>;

export const ListPromptsQuery = z.object({
  limit: Limit,
  cursor: z.string().optional(),
  name: z.string().optional(),
  folder: z.string().optional(),
  label: z.string().optional(),
  type: z.enum(PROMPT_TYPES).optional(),
});

export const SetLabelBody = z.object({ label: SettableLabel, version: z.number().int().min(1).max(MAX_VERSION) });
export const RenamePromptBody = z.object({ name: PromptName });

export const CompileBody = z
  .object({
    variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
    placeholders: z.record(z.string(), z.array(ChatMessage)).default({}),
    channel: Label.optional(),
    version: z.number().int().min(1).max(MAX_VERSION).optional(),
  })
  .refine((b) => b.channel === undefined || b.version === undefined, "Give channel or version, not both");
export type CompileInput = z.output<typeof CompileBody>;

export const IncludeRefView = z.object({
  name: z.string(),
  label: z.string().nullable(),
  version: z.number().int().nullable(),
});

const GraphNode = z.object({ id: z.string(), name: z.string(), version: z.number().int() });
/** Langfuse's shape: the root version and, per including version id, the versions it includes. */
export const ResolutionGraph = z.object({ root: GraphNode, dependencies: z.record(z.string(), z.array(GraphNode)) });
export type ResolutionGraph = z.infer<typeof ResolutionGraph>;

export const VersionSummary = z.object({
  version: z.number().int(),
  type: z.enum(PROMPT_TYPES),
  labels: z.array(z.string()),
  commitMessage: z.string().nullable(),
  createdAt: z.string(),
});

export const PromptDetail = z.object({
  /** Id of the version shown. */
  id: z.string(),
  name: z.string(),
  folder: z.string().nullable(),
  type: z.enum(PROMPT_TYPES),
  version: z.number().int(),
  /** Raw body (includes as written), or with includes expanded when `resolved`. */
  content: z.union([z.string(), z.array(ChatEntry)]),
  config: PromptConfig,
  /** Channels pointing at this version. */
  labels: z.array(z.string()),
  commitMessage: z.string().nullable(),
  createdAt: z.string(),
  resolved: z.boolean(),
  /** CHAT placeholder slots still expected (empty for TEXT). */
  placeholders: z.array(z.string()),
  /** `{{variable}}` names in the content shown. */
  variables: z.array(z.string()),
  /** Include references written in this version's raw body. */
  includes: z.array(IncludeRefView),
  /** Null unless resolved with at least one include. */
  resolutionGraph: ResolutionGraph.nullable(),
  /** Every version of the prompt, newest first. */
  versions: z.array(VersionSummary),
  /** Every channel of the prompt and the version it points at. */
  channels: z.record(z.string(), z.number().int()),
});
export type PromptDetail = z.infer<typeof PromptDetail>;

export const PromptSummary = z.object({
  name: z.string(),
  folder: z.string().nullable(),
  type: z.enum(PROMPT_TYPES),
  latestVersion: z.number().int(),
  labels: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptSummary = z.infer<typeof PromptSummary>;

export const LabelMove = z.object({
  name: z.string(),
  label: z.string(),
  version: z.number().int(),
  fromVersion: z.number().int().nullable(),
});
export type LabelMove = z.infer<typeof LabelMove>;

export const DeletedPrompt = z.object({ name: z.string(), deletedVersions: z.number().int() });

export const CompiledPrompt = z.object({
  name: z.string(),
  version: z.number().int(),
  type: z.enum(PROMPT_TYPES),
  labels: z.array(z.string()),
  config: PromptConfig,
  /** TEXT: the string; CHAT: the messages, placeholder slots filled or removed. */
  compiled: z.union([z.string(), z.array(ChatMessage)]),
});
export type CompiledPrompt = z.infer<typeof CompiledPrompt>;

/** `GET /api/public/v2/prompts/{name}` query, as `@langfuse/client` sends it. */
export const LangfuseQuery = z
  .object({ label: Label.optional(), version: VersionNumber.optional(), resolve: z.enum(["true", "false"]).optional() })
  .refine((q) => q.label === undefined || q.version === undefined, "Give label or version, not both");

/** The prompt shape `@langfuse/client` 5.x reads (lowercase type, `prompt` for the body). */
export const LangfusePrompt = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  type: z.enum(["text", "chat"]),
  prompt: z.union([z.string(), z.array(ChatEntry)]),
  config: PromptConfig,
  labels: z.array(z.string()),
  tags: z.array(z.string()),
  commitMessage: z.string().nullable(),
  resolutionGraph: ResolutionGraph.nullable(),
  projectId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LangfusePrompt = z.infer<typeof LangfusePrompt>;
