import type { Db } from "../platform/db";
import { invalid } from "../platform/errors";
import * as Tenancy from "../tenancy";
import { MAX_MENTIONS, type Mention } from "./comments.schema";

/** `@someone@example.com` in the text, at the start or after a space or an opening bracket; trailing punctuation is not part of it. */
const AT_EMAIL = /(?:^|[\s([{])@([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

export const emailsIn = (body: string): string[] =>
  [...body.matchAll(AT_EMAIL)].map((m) => m[1]!.replace(/\.+$/, "").toLowerCase());

/**
 * The members a comment mentions (docs/comments.md, "Mentions"): every email of `mentions`, which must each be a
 * member of the organization, and every `@<email>` of the body that is one (other `@` text is just text).
 * @throws invalid_input naming the first listed email that is not a member.
 */
export async function resolveMentions(
  db: Db,
  orgId: string,
  body: string,
  listed: readonly string[] = [],
): Promise<Mention[]> {
  const inBody = emailsIn(body);
  const members = await Tenancy.membersByEmail(db, orgId, [...new Set([...listed, ...inBody])]);
  const stranger = listed.find((e) => !members.has(e));
  if (stranger !== undefined)
    throw invalid(`Invalid body.mentions: '${stranger}' is not a member of this project's organization`);
  const emails = [...new Set([...listed, ...inBody.filter((e) => members.has(e))])];
  if (emails.length > MAX_MENTIONS)
    throw invalid(`Invalid body.mentions: a comment mentions at most ${MAX_MENTIONS} members`);
  return emails.map((email) => ({ userId: members.get(email)!, email }));
}
