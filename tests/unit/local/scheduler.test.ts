import { nextDelayMs } from "@functions/local/scheduler";
import { schedules } from "@functions/schedules";
import { describe, expect, it } from "vitest";

describe("schedule expressions", () => {
  const now = new Date("2026-11-22T02:59:30.000Z");

  it("reads EventBridge rate expressions", () => {
    expect(nextDelayMs("rate(1 minute)", now)).toBe(60_000);
    expect(nextDelayMs("rate(2 hours)", now)).toBe(7_200_000);
  });

  it("reads EventBridge cron expressions in UTC", () => {
    expect(nextDelayMs("cron(0 3 * * ? *)", now)).toBe(30_000);
  });

  it("refuses what it cannot schedule", () => {
    expect(() => nextDelayMs("every minute", now)).toThrow("Unsupported schedule expression 'every minute'");
  });

  it("understands every entry of the schedule table", () => {
    for (const s of schedules) expect(nextDelayMs(s.schedule, now)).toBeGreaterThan(0);
  });
});
