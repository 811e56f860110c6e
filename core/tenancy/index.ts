export { type ApiKeyView, createApiKey, listApiKeys, revokeApiKey, updateApiKey } from "./api-keys";
export { authenticate, parseBasicAuth } from "./authenticate";
export { ensureInitialKey, mintFirstKeyIfNone } from "./bootstrap";
export { acceptInvitations } from "./invitations";
export { emailsOfUsers, membersByEmail } from "./members-by-email";
export {
  deleteMembership,
  listMemberships,
  type MembershipView,
  type ProvenAccount,
  putMembership,
} from "./memberships";
export { accessOf, keyOrganization, type OrganizationAccess } from "./people";
export { createProject, listProjects, type ProjectView } from "./projects";
export { admitSignUp, awaitsFirstOwner, claimSignUp } from "./sign-up";
export { inviteSsoMember } from "./sso-members";
export * from "./tenancy.schema";
