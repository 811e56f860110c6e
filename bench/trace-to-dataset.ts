import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type Connection, request } from "../sdk/cli/api";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt } from "./lib";

const KEY = { publicKey: "pk-sl-bench-trace-to-dataset", secretKey: "sk-sl-bench-trace-to-dataset" };
const OBSERVATIONS = 1_000;
const ROUNDS = 3;
const MODEL = "bench-support-model";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

/** One trace with one generation of about 1 KB of bodies: a chat input, an assistant output, metadata. */
function traceEvents(i: number, at: number) {
  const traceId = randomUUID();
  const timestamp = new Date(at + i * 1_000).toISOString();
  const input = [
    { role: "system", content: `You answer questions about parcels. ${"Be brief and precise. ".repeat(8)}` },
    { role: "user", content: `Where is parcel number ${i}? It was sent on Monday and has not arrived.` },
  ];
  const output = {
    role: "assistant",
    content: `Parcel ${i} left the depot this morning; ${"tracking shows it on its way. ".repeat(4)}`,
  };
  return [
    {
      id: randomUUID(),
      type: "trace-create",
      timestamp,
      body: {
        id: traceId,
        name: "support-chat",
        userId: `user-${i % 50}`,
        input: input[1]!.content,
        output: output.content,
      },
    },
    {
      id: randomUUID(),
      type: "generation-create",
      timestamp,
      body: {
        id: `${traceId}-g`,
        traceId,
        name: "answer",
        model: MODEL,
        startTime: timestamp,
        input,
        output,
        metadata: { step: "answer", i },
        usageDetails: { input: 120, output: 40 },
      },
    },
  ];
}

/**
 * Issue 29 target: adding 1,000 observations to a dataset from one span-explorer filter ≤ 2 s
 * (`POST /v1/datasets/{name}/items/from-observations`: select the keys by the filter, read the bodies from the
 * telemetry store, check the item schema, write the items and the audit entry). Baseline in the same run: the raw
 * insert of the same 1,000 items, bodies already in hand, through the existing item insert
 * (`POST /v1/datasets/{name}/items`).
 */
export async function benchTraceToDataset(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-trace-to-dataset-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: join(dataDir, "app"),
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  const conn: Connection = { baseUrl: server.url, ...KEY };
  try {
    const start = Date.now() - 2 * 86_400_000;
    const events = Array.from({ length: OBSERVATIONS }, (_, i) => traceEvents(i, start)).flat();
    for (let i = 0; i < events.length; i += 500)
      await request(conn, "POST", "/v1/ingest", { batch: events.slice(i, i + 500) });
    // The worker stores the batches in the background: wait until the filter sees every observation.
    const filter = { model: MODEL };
    for (let waited = 0; ; waited += 200) {
      const page = await request<{ data: unknown[] }>(conn, "GET", `/v1/observations?model=${MODEL}&limit=1000`);
      if (page.data.length === OBSERVATIONS) break;
      if (waited > 120_000) throw new Error(`only ${page.data.length} observations stored after 120 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const dataset = async (name: string) => {
      await request(conn, "POST", "/v1/datasets", { name });
      return name;
    };
    // Warm-up: the first request of each kind pays for module loading.
    await request(conn, "POST", `/v1/datasets/${await dataset("warm")}/items/from-observations`, {
      ...filter,
      limit: 10,
    });

    const copies: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const name = await dataset(`copy-${r}`);
      copies.push(
        await time(async () => {
          const result = await request<{ added: number }>(
            conn,
            "POST",
            `/v1/datasets/${name}/items/from-observations`,
            filter,
          );
          if (result.added !== OBSERVATIONS) throw new Error(`added ${result.added} of ${OBSERVATIONS}`);
        }),
      );
    }

    // The same items, bodies in hand, through the plain insert.
    const stored = (
      await request<{ items: { input: unknown; expectedOutput: unknown; metadata: unknown }[] }>(
        conn,
        "GET",
        "/v1/datasets/copy-0?limit=1000",
      )
    ).items;
    const items = stored.map((i) => ({ input: i.input, expectedOutput: i.expectedOutput, metadata: i.metadata }));
    const inserts: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const name = await dataset(`insert-${r}`);
      inserts.push(
        await time(async () => {
          const result = await request<{ added: number }>(conn, "POST", `/v1/datasets/${name}/items`, { items });
          if (result.added !== OBSERVATIONS) throw new Error(`added ${result.added} of ${OBSERVATIONS}`);
        }),
      );
    }

    const ms = (xs: number[]) => `${fmt(median(xs), 0)} ms (max ${fmt(Math.max(...xs), 0)} ms)`;
    return [
      "## Trace to dataset (issue 29)",
      "",
      "| measure | target | median of 3 |",
      "|---|---|---|",
      `| ${OBSERVATIONS.toLocaleString("en")} observations added from one explorer filter (\`POST /v1/datasets/{name}/items/from-observations\`) | ≤ 2 s | ${ms(copies)} |`,
      `| the same ${OBSERVATIONS.toLocaleString("en")} items, bodies in hand, through the item insert (\`POST /v1/datasets/{name}/items\`, baseline) | — | ${ms(inserts)} |`,
      `| ratio (copy / insert) | — | ${fmt(median(copies) / median(inserts), 1)}× |`,
      "",
      `Against \`npm start\` on embedded stores (PGlite, chDB), keep-alive requests on loopback, with ${OBSERVATIONS.toLocaleString("en")} traces of one generation each stored (${JSON.stringify(events[1]!.body).length.toLocaleString("en")} bytes of generation per trace: chat input, output, metadata). The filter is \`model = ${MODEL}\`: the copy selects the newest 1,000 matching observations (the cap), reads their input, output and metadata and their traces' end users from the telemetry store, checks each against the dataset's item schema (none here), and writes the items with the audit entry in one transaction. The difference to the baseline is the telemetry read. One-minute load average at the end: ${fmt(loadavg()[0]!, 1)}.`,
      "",
    ].join("\n");
  } finally {
    await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
