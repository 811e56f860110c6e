import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";

/**
 * A TCP forwarder in front of the service that a test can switch off: while off, every connection
 * (new or kept alive) is reset, which is what the SDK sees when the service cannot be reached.
 */
export async function forwardingProxy(target: string) {
  const { hostname, port } = new URL(target);
  let up = true;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => open.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    switchOff() {
      up = false;
      for (const s of open) s.destroy();
    },
    switchOn() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
