-- Invitations made before the invitations table were `users` rows with memberships and no account
-- (docs/auth.md, "Invitations and proven addresses"): they become pending invitations, which attach only
-- once the person proves the address, and those rows go with their memberships (ON DELETE CASCADE).
-- A `users` row without an account and without memberships names no one and goes too.
INSERT INTO "invitations" ("org_id", "email", "role", "invited_by", "created_at")
SELECT m."org_id", u."email", m."role", NULL, m."created_at"
FROM "memberships" m
JOIN "users" u ON u."id" = m."user_id"
WHERE NOT EXISTS (SELECT 1 FROM "auth_users" a WHERE a."id" = u."id")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "users" u WHERE NOT EXISTS (SELECT 1 FROM "auth_users" a WHERE a."id" = u."id");
