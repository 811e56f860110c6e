export { addItems, listItems } from "./items";
export { createQueue, getQueue, listQueues } from "./queues";
export * from "./reviews.schema";
export { submitReview } from "./submit";
