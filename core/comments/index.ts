export * from "./comments.schema";
export { createComment, deleteComment, getComment, listComments, updateComment } from "./manage-comments";
export { emailsIn } from "./mentions";
export { type CommentFilter, pageComments } from "./page-comments";
