/**
 * Child process for the group-commit crash test: opens the queue in argv[2] and keeps 16 sends in flight
 * (one message each, bodies 0, 1, 2 …), printing `sent <body>` the moment each send resolves, until the parent
 * kills it with SIGKILL mid-stream.
 */
import { DurableLocalQueue } from "../../core/adapters/local/durable-local-queue";

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: queue-send-many-and-die <dir>");

const queue = await DurableLocalQueue.open({ dir });
let next = 0;
async function sender(): Promise<void> {
  for (;;) {
    const body = String(next++);
    await queue.send([{ body }]);
    process.stdout.write(`sent ${body}\n`);
  }
}
await Promise.all(Array.from({ length: 16 }, sender));
