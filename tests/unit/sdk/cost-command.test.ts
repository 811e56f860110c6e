import { describe, expect, it } from "vitest";
import { CliError } from "../../../sdk/cli/args";
import { cost } from "../../../sdk/cli/cost";

// `sightline cost` on the inputs and prices shipped beside it (sdk/cli/cost/).
const run = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await cost(argv, {}, (s) => lines.push(s));
  return { code, text: lines.join("\n") };
};

describe("sightline cost", () => {
  it("prints every line, the total per million events against the target, and the choices varied alone", async () => {
    const { code, text } = await run("--events", "2000000", "--batch-size", "50", "--clickhouse", "120");
    expect(code).toBe(0);
    expect(text).toMatch(
      /^AWS variable cost of 2,000,000 events, 50 per request \(us-east-1 prices of \d{4}-\d{2}-\d{2}; inputs measured \d{4}-\d{2}-\d{2}\)/,
    );
    for (const name of [
      "API Gateway HTTP API",
      "Lambda accept: duration",
      "S3 PUT (batch objects)",
      "SQS send",
      "Lambda worker: duration",
      "CloudWatch Logs ingestion",
    ])
      expect(text).toContain(name);
    expect(text).toMatch(/Total \$[\d.]+: \$[\d.]+ per million events, (within|ABOVE) the target of \$0\.2500\./);
    expect(text).toContain("Fixed, a month, as stated: ClickHouse $120.0000, Postgres $0.0000");
    expect(text).toMatch(/events per request\s+10\s+\$/);
  });

  it("answers JSON with the lines and the sensitivity", async () => {
    const { text } = await run("--json", "--claim-check", "every");
    const answer = JSON.parse(text);
    expect(answer.choices).toMatchObject({ events: 1_000_000, batchSize: 50, claimCheck: "every" });
    expect(answer.lines.find((l: { name: string }) => l.name === "S3 PUT (batch objects)").requests).toBe(20_000);
    expect(answer.perMillionUsd).toBeCloseTo(answer.totalUsd, 10);
  });

  it("refuses a bad value with a usage error (exit 2)", async () => {
    await expect(run("--claim-check", "sometimes")).rejects.toEqual(
      new CliError(
        2,
        "--claim-check sometimes: expected large (only batches over the message limit go to S3) or every",
      ),
    );
    await expect(run("--batch-size=-3")).rejects.toEqual(new CliError(2, "--batch-size -3: expected a number ≥ 0"));
  });
});
