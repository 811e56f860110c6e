import type { Config } from "./config";
import type { Db } from "./db";
import type { BlobStore, Clock, Ids, JobQueue, Log, TelemetryStore } from "./ports";

/** Everything a use case may need; each one takes the `Pick` it uses. */
export interface Deps {
  db: Db;
  ch: TelemetryStore;
  blobs: BlobStore;
  queues: { ingest: JobQueue; ingestDeadLetters: JobQueue };
  clock: Clock;
  ids: Ids;
  log: Log;
  config: Config;
}
