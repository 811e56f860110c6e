import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestText } from "../../../core/telemetry";
import { startTestApp, type TestApp } from "../../support/local-app";

// Times and texts chosen so that groups tie often and the tie-breaks matter: equal milliseconds, the epoch
// (ingest's "not carried" sentinel), a time before 1970, NULL against '', prefixes, NUL and multi-byte characters.
const TIMES = [
  "1970-01-01 00:00:00.000",
  "1960-06-01 12:00:00.001",
  "2026-11-20 10:00:00.000",
  "2026-11-20 10:00:00.001",
];
const TEXTS = [null, "", "a", "ab", "b", "A", "a\u0000", "\u0000", "é", "e", "😀", "x'y\\z\n", "z".repeat(300)];

/** A seeded generator (mulberry32): the same groups every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("latestText: the typed fold of a versioned text column", () => {
  let app: TestApp;
  const table = `latest_text_${randomUUID().replaceAll("-", "")}`;

  beforeAll(async () => {
    app = await startTestApp();
    await app.deps.telemetry.command(
      `CREATE TABLE ${table} (g UInt32, t Tuple(DateTime64(3, 'UTC'), Nullable(String))) ENGINE = Memory`,
    );
  });
  afterAll(async () => {
    await app?.deps.telemetry.command(`DROP TABLE IF EXISTS ${table}`);
    await app?.close();
  });

  it("picks the value max(col).2 picks, in every group", async () => {
    const next = random(30);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const rows: { g: number; t: [string, string | null] }[] = [];
    for (let g = 0; g < 2_000; g++) {
      const n = 1 + Math.floor(next() * 5);
      for (let i = 0; i < n; i++) rows.push({ g, t: [pick(TIMES), pick(TEXTS)] });
    }
    await app.deps.telemetry.insert(table, rows);

    const groups = await app.deps.telemetry.query<{
      g: number;
      expected: string;
      expectedNull: number;
      got: string;
      gotNull: number;
    }>(
      `SELECT g, hex(ifNull(max(t).2, '')) AS expected, isNull(max(t).2) AS expectedNull,
              hex(ifNull(${latestText("t")}, '')) AS got, isNull(${latestText("t")}) AS gotNull
       FROM ${table} GROUP BY g ORDER BY g`,
    );
    expect(groups).toHaveLength(2_000);
    const differ = groups.filter((r) => r.expected !== r.got || Number(r.expectedNull) !== Number(r.gotNull));
    expect(differ).toEqual([]);
    // The ties are there: some group's winner is NULL beside a '' of the same time, some is decided by the text.
    const nullWins = groups.filter((r) => Number(r.expectedNull) === 1).length;
    const emptyWins = groups.filter((r) => Number(r.expectedNull) === 0 && r.expected === "").length;
    expect(nullWins).toBeGreaterThan(0);
    expect(emptyWins).toBeGreaterThan(0);
  });

  it("breaks a tie of equal times by NULL first, then the larger text, and lets a later time win over any text", async () => {
    const cases: { rows: [string, string | null][]; want: string | null }[] = [
      {
        rows: [
          [TIMES[2]!, null],
          [TIMES[2]!, ""],
        ],
        want: "",
      },
      {
        rows: [
          [TIMES[2]!, "ab"],
          [TIMES[2]!, "a"],
          [TIMES[2]!, "b"],
        ],
        want: "b",
      },
      {
        rows: [
          [TIMES[2]!, "a\u0000"],
          [TIMES[2]!, "a"],
        ],
        want: "a\u0000",
      },
      {
        rows: [
          [TIMES[3]!, null],
          [TIMES[2]!, "z"],
        ],
        want: null,
      },
      {
        rows: [
          [TIMES[1]!, "before 1970"],
          [TIMES[0]!, null],
        ],
        want: null,
      },
      { rows: [[TIMES[1]!, "before 1970"]], want: "before 1970" },
    ];
    const base = 10_000;
    await app.deps.telemetry.insert(
      table,
      cases.flatMap((c, i) => c.rows.map((t) => ({ g: base + i, t }))),
    );
    const got = await app.deps.telemetry.query<{ g: number; v: string | null }>(
      `SELECT g, ${latestText("t")} AS v FROM ${table} WHERE g >= ${base} GROUP BY g ORDER BY g`,
    );
    expect(got.map((r) => r.v)).toEqual(cases.map((c) => c.want));
  });
});
