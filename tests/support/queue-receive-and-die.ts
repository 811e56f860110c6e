/**
 * Child process for the crash test of receive counts: opens the queue in argv[2], receives every visible message,
 * prints "received" once the receive resolved (the messages are handed out) and idles until the parent kills it with
 * SIGKILL, so nothing after the receive (ack, close, lock release) runs.
 */
import { DurableLocalQueue } from "../../core/adapters/local/durable-local-queue";

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: queue-receive-and-die <dir>");

const queue = await DurableLocalQueue.open({ dir });
const got = await queue.receive({ max: 100 });
process.stdout.write(`received ${got.length}\n`);
setInterval(() => {}, 60_000);
