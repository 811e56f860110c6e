/**
 * Child process for the crash test: opens the queue in argv[2], sends argv[3],
 * prints "sent" the moment `send` resolves and then idles until the parent
 * kills it with SIGKILL, so nothing after `send` (close, lock release) runs.
 */
import { DurableLocalQueue } from "../../core/adapters/local/durable-local-queue";

const [dir, body] = process.argv.slice(2);
if (!dir || body === undefined) throw new Error("usage: queue-send-and-die <dir> <body>");

const queue = await DurableLocalQueue.open({ dir });
await queue.send([{ body, attributes: { from: "child" } }]);
process.stdout.write("sent\n");
setInterval(() => {}, 60_000);
