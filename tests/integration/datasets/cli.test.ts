import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset } from "../../support/datasets";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";
import { freePort } from "../../support/spawn-server";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** The `sightline` bin as `npx sightline` runs it: its own process, its JS shim registering tsx. */
function sightline(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["sdk/cli/sightline.js", ...args],
      { cwd: root, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("the sightline command-line tool", () => {
  let app: TestApp;
  let key: Key;
  let env: Record<string, string>;
  let name: string;
  const dir = mkdtempSync(join(tmpdir(), "sightline-cli-"));

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    env = { SIGHTLINE_BASE_URL: app.url, SIGHTLINE_PUBLIC_KEY: key.publicKey, SIGHTLINE_SECRET_KEY: key.secretKey };
    name = await dataset(app, key, {
      items: [
        { id: "i0", input: "q0" },
        { id: "i1", input: "q1" },
      ],
    });
    await ingest(
      app,
      [
        ev("score-create", { traceId: "cli-t0", name: "correctness", value: 1 }, at(0)),
        ev("score-create", { traceId: "cli-t1", name: "correctness", value: 0.6 }, at(0)),
      ],
      { key },
    );
    await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: {
        runName: "r1",
        items: [
          { datasetItemId: "i0", traceId: "cli-t0" },
          { datasetItemId: "i1", traceId: "cli-t1" },
        ],
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gate exits 0 when every threshold passes and prints a table", async () => {
    const res = await sightline(["gate", "--dataset", name, "--run", "r1", "--min", "correctness=0.8"], env);

    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`Gate for run 'r1' of dataset '${name}'`);
    expect(res.stdout).toMatch(/score\s+mean\s+minimum\s+count\s+result/);
    expect(res.stdout).toMatch(/correctness\s+0\.8000\s+0\.8000\s+2\s+pass/);
    expect(res.stdout).toContain("PASSED");
  });

  it("gate exits 1 on a regression, a score with no values included", async () => {
    const res = await sightline(
      ["gate", "--dataset", name, "--run", "r1", "--min", "correctness=0.9", "--min", "helpful=0.5"],
      env,
    );

    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/correctness\s+0\.8000\s+0\.9000\s+2\s+FAIL/);
    expect(res.stdout).toMatch(/helpful\s+-\s+0\.5000\s+0\s+FAIL \(no values\)/);
    expect(res.stdout).toContain("FAILED: 2 of 2 thresholds regressed");
  });

  it("gate exits 2 on usage, connection and API errors", async () => {
    const unknownRun = await sightline(["gate", "--dataset", name, "--run", "nope", "--min", "correctness=0.5"], env);
    const noMin = await sightline(["gate", "--dataset", name, "--run", "r1"], env);
    const badMin = await sightline(["gate", "--dataset", name, "--run", "r1", "--min", "correctness"], env);
    const refused = await sightline(
      ["gate", "--dataset", name, "--run", "r1", "--min", "c=1", "--url", `http://127.0.0.1:${await freePort()}`],
      env,
    );
    const noKey = await sightline(["gate", "--dataset", name, "--run", "r1", "--min", "c=1"], {
      SIGHTLINE_BASE_URL: app.url,
      SIGHTLINE_PUBLIC_KEY: "",
      SIGHTLINE_SECRET_KEY: "",
    });
    const wrongKey = await sightline(
      ["gate", "--dataset", name, "--run", "r1", "--min", "c=1", "--secret-key", "sk-sl-wrong"],
      env,
    );
    const unknownCommand = await sightline(["frobnicate"], env);

    expect(unknownRun.code).toBe(2);
    expect(unknownRun.stderr).toContain(`Error 404 not_found: run 'nope' of dataset '${name}' not found`);
    expect(noMin.code).toBe(2);
    expect(noMin.stderr).toContain("Give at least one --min <score>=<minimum mean>");
    expect(badMin.code).toBe(2);
    expect(refused.code).toBe(2);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain(
      "Missing connection settings: --public-key (or SIGHTLINE_PUBLIC_KEY), --secret-key (or SIGHTLINE_SECRET_KEY)",
    );
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toContain("Error 401 unauthorized");
    expect(unknownCommand.code).toBe(2);
  });

  it("import sends a large file in chunks of whole rows and sums the results, with indexes counted in the file", async () => {
    const target = await dataset(app, key, {
      schema: { input: { required: ["question", "lang"], properties: { lang: { enum: ["en", "fr"] } } } },
    });
    const rows = Array.from(
      { length: 40 },
      (_, i) => `"Question ${i}, with a comma","${i === 7 || i === 33 ? "de" : "en"}","line one\nline two ${i}"`,
    );
    const file = join(dir, "big.csv");
    writeFileSync(file, `\uFEFFquestion,lang,answer\r\n${rows.join("\r\n")}\r\n`);

    const res = await sightline(
      [
        "import",
        "--dataset",
        target,
        "--file",
        file,
        "--input",
        "question,lang",
        "--expected",
        "answer",
        "--chunk-bytes",
        "300",
        "--json",
      ],
      env,
    );
    const detail = await app.call("GET", `/v1/datasets/${target}`, { key });

    expect(res.code, res.stderr).toBe(1);
    expect(JSON.parse(res.stdout)).toEqual({
      added: 38,
      rejected: 2,
      errors: [
        { index: 7, field: "input.lang", message: "must be one of: en, fr" },
        { index: 33, field: "input.lang", message: "must be one of: en, fr" },
      ],
    });
    expect(detail.body.itemCount).toBe(38);
    expect(detail.body.items[0]).toMatchObject({
      input: { question: "Question 0, with a comma", lang: "en" },
      expectedOutput: "line one\nline two 0",
    });
    expect(detail.body.items.at(-1).input.question).toBe("Question 39, with a comma");
  });

  it("import exits 0 with a summary when every row is added, and 2 with nothing imported when a mapped column is absent", async () => {
    const target = await dataset(app, key);
    const file = join(dir, "small.csv");
    writeFileSync(file, "question,answer\nq1,a1\nq2,a2\n");

    const missing = await sightline(
      ["import", "--dataset", target, "--file", file, "--input", "question", "--expected", "expected"],
      env,
    );
    const afterMissing = await app.call("GET", `/v1/datasets/${target}`, { key });
    const ok = await sightline(
      ["import", "--dataset", target, "--file", file, "--input", "question", "--expected", "answer"],
      env,
    );
    const noFile = await sightline(
      ["import", "--dataset", target, "--file", join(dir, "absent.csv"), "--input", "question"],
      env,
    );

    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      "Column 'expected' (--expected) is not in the CSV header (columns: question, answer): nothing imported",
    );
    expect(afterMissing.body.itemCount).toBe(0);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`Imported 2 rows into dataset '${target}': 2 added, 0 rejected`);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain("Cannot read");
  });

  it("backfill queues one, shows its progress until it ends, exits 0; usage errors and a running backfill exit 2", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `cli-bf-${i}-${Math.random().toString(36).slice(2, 8)}`);
    await ingest(
      app,
      ids.map((id) => ev("trace-create", { id, name: "cli-backfill", output: "x" })),
      { key },
    );
    const created = await app.call("POST", "/v1/evaluators", {
      key,
      body: { name: "cli-backfill", kind: "CODE", expression: "len(output) > 0", filterName: "cli-backfill" },
    });
    expect(created.status).toBe(201);

    // The test app runs no workers by itself: drain the queues while the command waits.
    let running = true;
    const command = sightline(["backfill", "cli-backfill", "--days", "1"], env).finally(() => (running = false));
    while (running) {
      await app.drainQueues();
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await command;
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain("Backfill of 'cli-backfill' completed: 12 traces, 0 failed");
    expect(res.stderr).toContain("12/12 traces");

    const noDays = await sightline(["backfill", "cli-backfill"], env);
    const badFilter = await sightline(["backfill", "cli-backfill", "--days", "1", "--filter", "{nope"], env);
    const unknown = await sightline(["backfill", "no-such-evaluator", "--days", "1"], env);
    expect(noDays.code).toBe(2);
    expect(noDays.stderr).toContain("--days must be a whole number of days, at least 1");
    expect(badFilter.code).toBe(2);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Error 404 not_found");
    // One queued and not drained: a second is refused.
    expect((await app.call("POST", "/v1/evaluators/cli-backfill/backfill", { key, body: { days: 1 } })).status).toBe(
      202,
    );
    const busy = await sightline(["backfill", "cli-backfill", "--days", "1"], env);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toContain(
      "Error 409 conflict: A backfill of evaluator 'cli-backfill' is already queued or running",
    );
    await app.drainQueues();
  });
});
