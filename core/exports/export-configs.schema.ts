import * as z from "zod";
import { EXPORT_FORMATS, EXPORT_TABLES } from "./export-query";

const Iso = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && Number.isFinite(Date.parse(s)), "expected an ISO-8601 date-time");

/** `POST /v1/export-configs` and `PUT /v1/export-configs/{id}` (the whole definition again). */
export const ExportConfigBody = z.object({
  name: z.string().trim().min(1).max(200),
  bucket: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "expected an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)",
    ),
  prefix: z
    .string()
    .max(512)
    .default("")
    .transform((p) => p.replace(/^\/+|\/+$/g, "")),
  region: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "expected an AWS region such as eu-west-1")
    .default("us-east-1"),
  endpoint: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .default(null)
    .describe("an S3-compatible endpoint (MinIO, R2); AWS's S3 when null"),
  credentials: z
    .object({ accessKeyId: z.string().min(1).max(128), secretAccessKey: z.string().min(1).max(256) })
    .nullable()
    .optional()
    .describe(
      "the bucket's own keys, sealed at rest; null: the service's own credentials (the function's role on AWS); absent on update: keep the stored keys",
    ),
  format: z.enum(EXPORT_FORMATS).default("jsonl"),
  tables: z.array(z.enum(EXPORT_TABLES)).min(1),
  frequency: z.enum(["hourly", "daily"]),
  enabled: z.boolean().default(true),
  startFrom: Iso.optional().describe(
    "on create: export rows received from this instant (rounded down to the period); now by default",
  ),
});
export type ExportConfigBody = z.infer<typeof ExportConfigBody>;

export const ExportConfigPath = z.object({ id: z.string().min(1) });

export const ExportConfigView = z.object({
  id: z.string(),
  name: z.string(),
  bucket: z.string(),
  prefix: z.string(),
  region: z.string(),
  endpoint: z.string().nullable(),
  accessKeyId: z.string().nullable(),
  hasCredentials: z.boolean(),
  format: z.enum(EXPORT_FORMATS),
  tables: z.array(z.enum(EXPORT_TABLES)),
  frequency: z.enum(["hourly", "daily"]),
  enabled: z.boolean(),
  lastExportedAt: z.string().describe("every row received before this instant has been exported (the high-water mark)"),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExportConfigView = z.infer<typeof ExportConfigView>;
export const ExportConfigList = z.object({ data: z.array(ExportConfigView) });
