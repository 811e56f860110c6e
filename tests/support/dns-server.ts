import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";

/** DNS response codes the tests answer with (RFC 1035 §4.1.1). */
const NOERROR = 0;
const SERVFAIL = 2;
const NXDOMAIN = 3;

/**
 * A name server on loopback UDP (dns-packet over node:dgram) for tests of domain proof: it answers TXT questions
 * from what the test published, NXDOMAIN for names it never heard of, and SERVFAIL for names the test breaks.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as `SIGHTLINE_DNS_SERVERS` takes it. */
  address: string;
  /** Publishes the TXT records at `name`, replacing what was there; [] keeps the name with no TXT record. */
  setTxt(name: string, values: string[]): void;
  /** Answers SERVFAIL for `name` from now on (a broken zone: the resolver gets no answer). */
  fail(name: string): void;
  /** The TXT names asked so far, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, string[]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  const socket = createSocket("udp4");
  socket.on("message", (message, from) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase() ?? "";
    if (question?.type === "TXT") asked.push(name);
    const values = zone.get(name);
    const rcode = failing.has(name) ? SERVFAIL : values ? NOERROR : NXDOMAIN;
    const answers: packet.Answer[] =
      question?.type === "TXT" && values && rcode === NOERROR
        ? values.map((value) => ({ type: "TXT", name: question.name, ttl: 0, class: "IN", data: [value] }))
        : [];
    const reply = packet.encode({
      type: "response",
      id: query.id ?? 0,
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | rcode,
      questions: query.questions ?? [],
      answers,
    });
    socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    setTxt: (name, values) => void zone.set(name.toLowerCase(), values),
    fail: (name) => void failing.add(name.toLowerCase()),
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
