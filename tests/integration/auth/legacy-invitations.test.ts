import { readFileSync } from "node:fs";
import { invitations, memberships, users } from "@core/platform/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { followVerification, magicLinkSignIn, person, sessionCall, signUp, uniqueEmail } from "../../support/sessions";

/** The hand-written data migration, statement by statement, as the migrator runs it. */
const LEGACY = readFileSync(
  new URL("../../../migrations/postgres/0017_legacy_invitations.sql", import.meta.url),
  "utf8",
).split("--> statement-breakpoint");

// docs/auth.md, "Invitations and proven addresses": invitations from before the table were `users` rows without an account.
describe("the migration of legacy invitations", () => {
  let app: TestApp;
  let orgId: string;
  let owner: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await person(app, uniqueEmail("owner"));
    orgId = owner.me.organizations[0].id;
  });
  afterAll(() => app?.close());

  /** What `PUT /v1/memberships` wrote before the invitations table: a `users` row and a membership, no account. */
  async function legacyInvitation(email: string, role: "ADMIN" | "MEMBER") {
    const id = crypto.randomUUID();
    await app.deps.db.insert(users).values({ id, email, createdAt: new Date() });
    await app.deps.db.insert(memberships).values({ orgId, userId: id, role, createdAt: new Date() });
    return id;
  }

  it("turns them into pending invitations that only a proven address takes, and leaves people with accounts alone", async () => {
    const byLink = uniqueEmail("legacy-link");
    const byPassword = uniqueEmail("legacy-password");
    const legacyIds = [await legacyInvitation(byLink, "ADMIN"), await legacyInvitation(byPassword, "MEMBER")];

    for (const statement of LEGACY) await app.deps.db.execute(sql.raw(statement));
    const pending = await app.deps.db.select().from(invitations).where(eq(invitations.orgId, orgId));
    const left = await app.deps.db
      .select()
      .from(users)
      .where(sql`${users.id} in (${sql.join(legacyIds, sql`, `)})`);
    const ownerMe = await sessionCall(app, owner.jar, "GET", "/v1/me");
    const linked = await magicLinkSignIn(app, byLink);
    const password = await signUp(app, byPassword);
    const beforeProof = await sessionCall(app, password.jar, "GET", "/v1/me");
    await followVerification(app, byPassword, password.jar);
    const afterProof = await sessionCall(app, password.jar, "GET", "/v1/me");

    expect(
      pending
        .map((i) => ({ email: i.email, role: i.role, invitedBy: i.invitedBy }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual(
      [
        { email: byLink, role: "ADMIN", invitedBy: null },
        { email: byPassword, role: "MEMBER", invitedBy: null },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(left).toEqual([]);
    expect(ownerMe.body.organizations).toEqual([expect.objectContaining({ id: orgId, role: "OWNER" })]);
    expect((await sessionCall(app, linked.jar, "GET", "/v1/me")).body.organizations).toEqual([
      expect.objectContaining({ id: orgId, role: "ADMIN" }),
    ]);
    expect(beforeProof.body.organizations).toEqual([]);
    expect(afterProof.body.organizations).toEqual([expect.objectContaining({ id: orgId, role: "MEMBER" })]);
  });

  it("turns a stale `users` row a new account meets into invitations rather than handing its memberships over", async () => {
    const email = uniqueEmail("stale");
    await legacyInvitation(email, "ADMIN");

    const { jar, answer } = await signUp(app, email);
    const before = await sessionCall(app, jar, "GET", "/v1/me");
    const [pending] = await app.deps.db.select().from(invitations).where(eq(invitations.email, email));

    expect(answer.status).toBe(200);
    expect(before.body.organizations).toEqual([]);
    expect(pending).toMatchObject({ orgId, role: "ADMIN" });
  });
});
