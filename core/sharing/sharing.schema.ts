import * as z from "zod";

/** Wire shapes of the share-link endpoints (docs/sharing.md). */

export const CreateShareLinkBody = z.object({
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullish()
    .describe("When the link stops working (ISO-8601, in the future); absent or null: never, until revoked"),
});
export type CreateShareLinkInput = z.infer<typeof CreateShareLinkBody>;

export const ShareLinkView = z.object({
  id: z.string(),
  traceId: z.string(),
  createdBy: z.string().describe("The API key's id, or `user:<id>` for a person"),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(["active", "expired", "revoked"]),
});
export type ShareLinkView = z.infer<typeof ShareLinkView>;
export const CreatedShareLink = ShareLinkView.extend({
  token: z.string().describe("The link's secret; shown in this answer only"),
  path: z.string().describe("The console page of the link, `/shared/<token>`, to append to the console's address"),
});
export const ShareLinkList = z.object({ data: z.array(ShareLinkView) });
export const TraceLinksPath = z.object({ id: z.string().min(1) });
export const ShareLinkPath = z.object({ id: z.string().min(1), linkId: z.string().min(1).max(200) });
export const SharedPath = z.object({ token: z.string().max(500) });
