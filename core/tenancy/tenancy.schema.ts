import * as z from "zod";
import { KEY_ROLES, ROLES } from "../platform/roles";

/** Wire shapes of the tenancy endpoints (request bodies and answers). */
export const KeyRef = z
  .object({ id: z.string().min(1).optional(), publicKey: z.string().min(1).optional() })
  .refine((v) => v.id !== undefined || v.publicKey !== undefined, { message: "Give the key's id or publicKey" });

export const CreateApiKeyBody = z.object({
  role: z.enum(KEY_ROLES).default("MEMBER"),
  note: z.string().max(500).nullish(),
});

export const UpdateApiKeyBody = z
  .object({
    id: z.string().min(1).optional(),
    publicKey: z.string().min(1).optional(),
    role: z.enum(KEY_ROLES).optional(),
    note: z.string().max(500).nullable().optional(),
  })
  .refine((v) => v.id !== undefined || v.publicKey !== undefined, { message: "Give the key's id or publicKey" })
  .refine((v) => v.role !== undefined || v.note !== undefined, { message: "Give a role or a note to change" });

export const ApiKey = z.object({
  id: z.string(),
  publicKey: z.string(),
  secretKeyHint: z.string(),
  role: z.enum(KEY_ROLES),
  note: z.string().nullable(),
  createdAt: z.string(),
});

export const MintedApiKey = ApiKey.omit({ secretKeyHint: true }).extend({ secretKey: z.string() });

export const RevokedApiKey = z.object({ id: z.string(), publicKey: z.string(), revokedAt: z.string() });

export const CreateProjectBody = z.object({ name: z.string().trim().min(1).max(200) });
export const Project = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export const CreatedProject = z.object({
  id: z.string(),
  name: z.string(),
  publicKey: z.string(),
  secretKey: z.string(),
});

export const PutMembershipBody = z.object({ email: z.email(), role: z.enum(ROLES) });
export const DeleteMembershipBody = z.object({ email: z.email() });
/** A member (`active`) or a pending invitation (`invited`), which becomes a membership once the person proves the address. */
export const Membership = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  status: z.enum(["active", "invited"]),
});
