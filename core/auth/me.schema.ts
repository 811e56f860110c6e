import * as z from "zod";

const Organization = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** `GET /v1/me` (docs/auth.md, "GET /v1/me"): a signed-in person, or an API key. */
export const MeResponse = z.union([
  z.object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      twoFactorEnabled: z.boolean(),
      emailVerified: z.boolean(),
    }),
    organizations: z.array(Organization),
    csrfToken: z.string(),
  }),
  z.object({
    key: z.object({ publicKey: z.string(), role: z.string(), projectId: z.string() }),
    organizations: z.array(Organization),
  }),
]);
