export * from "./reviews.schema";
export { createQueue, listQueues, getQueue } from "./queues";
export { addItems, listItems } from "./items";
export { submitReview } from "./submit";
