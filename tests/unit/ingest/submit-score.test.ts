import * as Ingest from "@core/ingest";
import type { Principal } from "@core/platform/principal";
import { describe, expect, it } from "vitest";
import {
  fixedClockAndIds,
  freshCaches,
  type Journal,
  memoryBlobs,
  memoryQueue,
  rowsDb,
  sharedStoreConfig,
} from "../../support/port-fakes";

// POST /v1/scores (docs/scores.md): one score down the ingest path, refused with a 400 of its own.

const principal = { projectId: "p1" } as Principal;
const created = new Date("2026-11-27T00:00:00.000Z");
const accuracy = {
  ...{ id: "c1", projectId: "p1", name: "accuracy", dataType: "NUMERIC", min: 0, max: 1, categories: [] },
  ...{ description: null, archived: false, createdAt: created, updatedAt: created },
};

function setup() {
  const journal: Journal = [];
  const ingest = memoryQueue(journal, "ingest");
  const deps = {
    db: rowsDb({ ingest_settings: [], score_configs: [accuracy] }),
    blobs: memoryBlobs(journal).blobs,
    queues: { ingest: ingest.queue } as Parameters<typeof Ingest.submitScore>[0]["queues"],
    config: sharedStoreConfig,
    caches: freshCaches(),
    ...fixedClockAndIds(),
  };
  return { sent: ingest.sent, submit: (body: Ingest.ScoreBody) => Ingest.submitScore(deps, principal, body) };
}

describe("submitScore", () => {
  it("answers the caller's id once the score is queued", async () => {
    const { sent, submit } = setup();
    expect(await submit({ id: "s1", traceId: "t1", name: "accuracy", value: 0.5 })).toEqual({ id: "s1" });
    expect(sent).toHaveLength(1);
  });

  it("gives a score without an id a new one", async () => {
    const { submit } = setup();
    expect(await submit({ traceId: "t1", name: "accuracy", value: 0.5 })).toEqual({ id: "id-1" });
  });

  it("names a broken rule as a problem of the body", async () => {
    const { sent, submit } = setup();
    await expect(submit({ traceId: "t1", name: "free" })).rejects.toMatchObject({
      code: "invalid_input",
      message: "Invalid body: value: a score needs a value (or, CATEGORICAL, a stringValue)",
    });
    expect(sent).toEqual([]);
  });

  it("keeps the fit's own message for a score that misfits its config", async () => {
    const { sent, submit } = setup();
    await expect(submit({ traceId: "t1", name: "accuracy", value: 2 })).rejects.toMatchObject({
      code: "invalid_input",
      message: "Score 'accuracy' does not fit its config: value 2 is above the maximum 1",
    });
    expect(sent).toEqual([]);
  });
});
