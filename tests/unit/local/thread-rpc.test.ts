import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { connectRpc, type Handlers, ownBuffer } from "../../../functions/local/thread-rpc";

// Calls between the local runtime's threads (functions/local/thread-rpc.ts), over a channel within one thread.
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

function pair(handlers: Handlers) {
  const channel = new MessageChannel();
  channels.push(channel);
  connectRpc(channel.port2, handlers);
  return connectRpc(channel.port1, {});
}

describe("calls across threads", () => {
  it("answers a call by name with the handler's value", async () => {
    const rpc = pair({ add: (a: number, b: number) => a + b });
    await expect(rpc.call("add", 2, 3)).resolves.toBe(5);
    await expect(rpc.call("missing")).rejects.toThrow("Unknown call: missing");
  });

  it("keeps an error's name, message and the primitive fields callers classify it by", async () => {
    const rpc = pair({
      insert: () => {
        throw Object.assign(new Error('duplicate key value violates unique constraint "keys_public"'), {
          name: "DatabaseError",
          code: "23505",
          constraint: "keys_public",
          position: 7,
          detail: undefined,
        });
      },
    });
    const error = await rpc.call("insert").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "DatabaseError",
      message: 'duplicate key value violates unique constraint "keys_public"',
      code: "23505",
      constraint: "keys_public",
      position: 7,
    });
  });

  it("moves the buffers it is asked to, and copies the rest", async () => {
    const rpc = pair({ decode: (bytes: Uint8Array) => new TextDecoder().decode(bytes) });
    const moved = new TextEncoder().encode("rows of a delivery");
    const buffer = ownBuffer(moved);
    expect(buffer).not.toBeNull();
    await expect(rpc.transferring("decode", [moved], [buffer!])).resolves.toBe("rows of a delivery");
    // Moved: this side's view is empty now.
    expect(moved.byteLength).toBe(0);

    const copied = new TextEncoder().encode("kept");
    await expect(rpc.transferring("decode", [copied], [])).resolves.toBe("kept");
    expect(new TextDecoder().decode(copied)).toBe("kept");
  });

  it("never offers a slice of a larger buffer to be moved", () => {
    // Small Buffers are slices of Node's shared pool: moving the pool would take every other slice with it.
    expect(ownBuffer(Buffer.from("small"))).toBeNull();
    expect(ownBuffer(new Uint8Array(new ArrayBuffer(16), 4, 8))).toBeNull();
    expect(ownBuffer(new Uint8Array(16))).not.toBeNull();
  });

  it("rejects the calls waiting and every later one once the other side is gone", async () => {
    const rpc = pair({ hang: () => new Promise(() => {}) });
    const waiting = rpc.call("hang");
    rpc.failPending(new Error("The thread exited (code 1)"));
    await expect(waiting).rejects.toThrow("The thread exited (code 1)");
    await expect(rpc.call("hang")).rejects.toThrow("The thread exited (code 1)");
  });
});
