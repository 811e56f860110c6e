import { pickAddress } from "@core/adapters/http/guarded-agent";
import { refusedAddressRange, refusedUrlHost } from "@core/platform/address-policy";
import { safeExcerpt } from "@core/platform/excerpt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** What the connection path decides for a URL: its host as node:http hands it to the agent, brackets stripped. */
const connectDecision = (url: string) =>
  pickAddress(new URL(url).hostname.replace(/^\[|\]$/g, ""), {
    allowPrivate: false,
    resolve: async () => ["93.184.216.34"],
  }).then(
    () => "allowed",
    (e: Error) => e.name,
  );

describe("the outbound address policy: every refused range", () => {
  const refused: [string, string][] = [
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.254", "carrierGradeNat"],
    ["169.254.169.254", "linkLocal"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "linkLocal"],
    ["febf::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["100::1", "discard"],
    ["::ffff:127.0.0.1", "IPv4-mapped IPv6"],
    ["::ffff:7f00:1", "IPv4-mapped IPv6"],
    ["0:0:0:0:0:ffff:a00:1", "IPv4-mapped IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped IPv6"],
    ["::7f00:1", "IPv4-compatible IPv6"],
    ["::a9fe:a9fe", "IPv4-compatible IPv6"],
    ["::ffff:0:7f00:1", "IPv4-translated IPv6"],
    ["64:ff9b::7f00:1", "NAT64"],
    ["64:ff9b::8.8.8.8", "NAT64"],
    ["64:ff9b:1::a00:1", "NAT64"],
    ["2002:7f00:1::1", "6to4 embedding loopback"],
    ["2002:a00:1::", "6to4 embedding private"],
    ["2002:a9fe:a9fe::1", "6to4 embedding linkLocal"],
    // Teredo: the client's address is stored inverted in the last 32 bits (127.0.0.1 → 80ff:fffe).
    ["2001:0:808:808::80ff:fffe", "teredo embedding loopback"],
    ["2001:0:a00:1::f7f7:f7f7", "teredo embedding private"],
  ];
  it.each(refused)("refuses %s (%s)", (address, range) => {
    expect(refusedAddressRange(address)).toBe(range);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::200e",
    "2002:808:808::1",
    "2001:0:808:808::f7f7:f7f7",
  ])("allows the public address %s", (address) => {
    expect(refusedAddressRange(address)).toBeNull();
  });

  it("refuses ::a.b.c.d whichever way a parser reads it (ipaddr.js reads it as IPv4-mapped, the URL parser as IPv4-compatible)", () => {
    expect(refusedAddressRange("::127.0.0.1")).toMatch(/^IPv4-(mapped|compatible) IPv6$/);
    expect(refusedAddressRange("::8.8.8.8")).toMatch(/^IPv4-(mapped|compatible) IPv6$/);
    expect(refusedUrlHost("http://[::8.8.8.8]/")).toBe("IPv4-compatible IPv6");
  });

  it("refuses what is not an address in canonical text (so nothing unparsed slips through)", () => {
    for (const text of ["127.1", "0x7f000001", "2130706433", "localhost", "", "fe80::1%eth0"])
      expect(refusedAddressRange(text), text).not.toBeNull();
  });
});

describe("URL spellings of refused addresses", () => {
  const spellings = [
    "http://127.0.0.1/",
    "http://127.1/",
    "http://127.0.1/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://0177.0.0.1/",
    "http://017700000001/",
    "http://2130706433/",
    "http://127.0.0.1./",
    "http://%31%32%37.0.0.1/",
    "http://１２７.０.０.１/",
    "http://public@127.0.0.1/",
    "http://user:pass@127.0.0.1:8080/x",
    "http://0/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]:3941/v1/projects",
    "http://[::FFFF:7F00:1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "http://[2001:0:808:808::80ff:fffe]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2852039166/",
    "http://[fe80::1]/",
    "http://[fd00::1]/",
    "http://10.1/",
    "https://192.168.0.1:443/",
    "http://localhost:3000/",
    "http://LOCALHOST./",
    "http://app.localhost/",
    "http://metadata.google.internal/",
    "http://printer.local/",
  ];
  it.each(spellings)("refuses %s at registration and at connection", async (url) => {
    expect(refusedUrlHost(url)).not.toBeNull();
    if (!/localhost|internal|\.local\//i.test(url)) expect(await connectDecision(url)).toBe("AddressRefusedError");
  });

  it("allows public hosts, and userinfo never stands in for the host", () => {
    for (const url of [
      "https://api.openai.com/v1",
      "https://runner.example.com/hook",
      "http://127.0.0.1@example.com/",
      "http://8.8.8.8/",
      "http://[2606:4700::1]/",
    ])
      expect(refusedUrlHost(url), url).toBeNull();
  });
});

/** Refused IPv4 ranges as [first address as a 32-bit number, prefix length]. */
const V4_RANGES: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x7f000000, 8],
  [0x64400000, 10],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0000200, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xc6336400, 24],
  [0xcb007100, 24],
  [0xe0000000, 4],
  [0xf0000000, 4],
];
const v4In = fc
  .tuple(fc.constantFrom(...V4_RANGES), fc.nat())
  .map(([[base, bits], n]) => (base + (bits === 32 ? 0 : n % 2 ** (32 - bits))) >>> 0);
const bytes = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const hex16 = (n: number) => (n & 0xffff).toString(16);

/** Every way the URL parser accepts to write one IPv4 address (and IPv6 forms that carry it). */
const SPELL: ((n: number, upper: boolean) => string)[] = [
  (n) => bytes(n).join("."),
  (n) => String(n),
  (n, u) => `0x${u ? n.toString(16).toUpperCase() : n.toString(16)}`,
  (n) => `0${n.toString(8)}`,
  (n) =>
    bytes(n)
      .map((b) => `0${b.toString(8)}`)
      .join("."),
  (n) =>
    bytes(n)
      .map((b) => `0x${b.toString(16)}`)
      .join("."),
  (n) => `${bytes(n)[0]}.${n & 0xffffff}`,
  (n) => `${bytes(n)[0]}.${bytes(n)[1]}.${n & 0xffff}`,
  (n) => `${bytes(n).join(".")}.`,
  (n) => `[::ffff:${bytes(n).join(".")}]`,
  (n, u) => `[::${u ? "FFFF" : "ffff"}:${hex16(n >>> 16)}:${hex16(n)}]`,
  (n) => `[0:0:0:0:0:ffff:${hex16(n >>> 16)}:${hex16(n)}]`,
  (n) => `[::${bytes(n).join(".")}]`,
  (n) => `[64:ff9b::${bytes(n).join(".")}]`,
  (n) => `[64:ff9b:1::${hex16(n >>> 16)}:${hex16(n)}]`,
  (n) => `[2002:${hex16(n >>> 16)}:${hex16(n)}::1]`,
  (n) => `[2001:0:808:808::${hex16(~n >>> 16)}:${hex16(~n)}]`,
];

/** Refused IPv6 ranges (other than those carrying IPv4) as [first 16 bits, bits fixed within them]. */
const V6_RANGES: [number, number][] = [
  [0xfe80, 10],
  [0xfc00, 7],
  [0xff00, 8],
  [0x0100, 16],
  [0x2001, 16],
];
const v6In = fc
  .tuple(
    fc.constantFrom(...V6_RANGES),
    fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }),
    fc.boolean(),
  )
  .map(([[head, bits], groups, upper]) => {
    const mask = (0xffff << (16 - bits)) & 0xffff;
    groups[0] = (head & mask) | (groups[0]! & ~mask & 0xffff);
    // 2001:db8::/32 (documentation): fix the second group too.
    if (head === 0x2001) groups[1] = 0x0db8;
    const text = groups.map((g) => g.toString(16)).join(":");
    return `[${upper ? text.toUpperCase() : text}]`;
  });

describe("property: any address inside a refused range, in any spelling the URL parser accepts, is refused", () => {
  const prefixes = fc.constantFrom("", "public@", "user:pw@");
  it("IPv4 ranges and the IPv6 forms that carry them", async () => {
    await fc.assert(
      fc.asyncProperty(
        v4In,
        fc.integer({ min: 0, max: SPELL.length - 1 }),
        fc.boolean(),
        prefixes,
        async (n, spelling, upper, userinfo) => {
          const url = `http://${userinfo}${SPELL[spelling]!(n, upper)}:8080/path`;
          expect(refusedUrlHost(url), url).not.toBeNull();
          expect(await connectDecision(url), url).toBe("AddressRefusedError");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("IPv6 ranges", async () => {
    await fc.assert(
      fc.asyncProperty(v6In, prefixes, async (host, userinfo) => {
        const url = `https://${userinfo}${host}/`;
        expect(refusedUrlHost(url), url).not.toBeNull();
        expect(await connectDecision(url), url).toBe("AddressRefusedError");
      }),
      { numRuns: 1000 },
    );
  });
});

describe("names that resolve", () => {
  it("refuses a name when any of its addresses is refused, and allows it otherwise", async () => {
    const guard = (addresses: string[]) => ({ allowPrivate: false, resolve: async () => addresses });

    await expect(pickAddress("runner.example", guard(["93.184.216.34", "10.0.0.1"]))).rejects.toThrow(
      "runner.example resolves to an address the outbound address policy refuses",
    );
    await expect(pickAddress("runner.example", guard(["::ffff:a9fe:a9fe"]))).rejects.toThrow(/refuses/);
    await expect(pickAddress("runner.example", guard(["93.184.216.34"]))).resolves.toBe("93.184.216.34");
    await expect(
      pickAddress("runner.example", { allowPrivate: true, resolve: async () => ["127.0.0.1"] }),
    ).resolves.toBe("127.0.0.1");
  });
});

describe("excerpts of remote answers", () => {
  it("are short, bounded and free of control characters", () => {
    expect(safeExcerpt("line one\r\n\u001b[31mred\u001b[0m\u0000 \u202Eevil")).toBe("line one [31mred [0m evil");
    expect(safeExcerpt("x".repeat(10_000))).toBe(`${"x".repeat(200)}…`);
    expect(safeExcerpt("😀".repeat(300), 10)).toBe(`${"😀".repeat(10)}…`);
  });
});
