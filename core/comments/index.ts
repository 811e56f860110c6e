export * from "./comments.schema";
export { createComment, listComments, getComment, updateComment, deleteComment } from "./manage-comments";
export { emailsIn } from "./mentions";
export { pageComments, type CommentFilter } from "./page-comments";
