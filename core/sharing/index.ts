export * from "./sharing.schema";
export { createShareLink, listShareLinks, revokeShareLink, readSharedTrace } from "./share-links";
