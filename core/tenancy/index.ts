export { authenticate, parseBasicAuth } from "./authenticate";
export { createApiKey, listApiKeys, updateApiKey, revokeApiKey, type ApiKeyView } from "./api-keys";
export { createProject, listProjects, type ProjectView } from "./projects";
export { listMemberships, putMembership, deleteMembership, type MembershipView } from "./memberships";
export { ensureInitialKey, mintFirstKeyIfNone } from "./bootstrap";
export * from "./tenancy.schema";
export { accessOf, keyOrganization, admitSignUp, claimSignUp, awaitsFirstOwner, type OrganizationAccess } from "./people";
export { inviteSsoMember } from "./sso-members";
