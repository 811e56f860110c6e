export { createShareLink, listShareLinks, readSharedTrace, revokeShareLink } from "./share-links";
export * from "./sharing.schema";
