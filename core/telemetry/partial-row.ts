/**
 * One entity's partial row, built from the events of a batch. A versioned field
 * keeps (event time, value) and the latest event time wins, as the table's
 * max(Tuple(time, value)) does across batches; a tie goes to the event later in
 * the batch. Fields no event carried are left out, so the table's sentinel
 * default (epoch 0, NULL) applies and never wins.
 */
export class PartialRow {
  readonly versioned = new Map<string, [string, unknown]>();
  readonly mins = new Map<string, string>();
  readonly maxes = new Map<string, string>();
  readonly tags = new Set<string>();
  private firstSeen = "";
  private lastSeen = "";
  /** The partition day of the row's trace (migration 0003), set by assignBuckets before the insert. */
  bucket: string | null = null;

  constructor(
    readonly projectId: string,
    readonly id: string,
    public traceId: string | null,
  ) {}

  /** Notes the receive time of a batch that touched the row. */
  seen(receivedAt: string): void {
    if (!this.firstSeen || receivedAt < this.firstSeen) this.firstSeen = receivedAt;
    if (receivedAt > this.lastSeen) this.lastSeen = receivedAt;
  }

  /** The day (YYYY-MM-DD) of the earliest receive time of the batches that touched the row. */
  get firstSeenDay(): string {
    return this.firstSeen.slice(0, 10);
  }

  set(field: string, time: string, value: unknown): void {
    if (value === undefined || value === null) return;
    const current = this.versioned.get(field);
    if (!current || time >= current[0]) this.versioned.set(field, [time, value]);
  }

  get<T>(field: string): T | undefined {
    return this.versioned.get(field)?.[1] as T | undefined;
  }

  timeOf(field: string): string | undefined {
    return this.versioned.get(field)?.[0];
  }

  min(field: string, time: string | undefined | null): void {
    if (!time) return;
    const current = this.mins.get(field);
    if (current === undefined || time < current) this.mins.set(field, time);
  }

  max(field: string, time: string | undefined | null): void {
    if (!time) return;
    const current = this.maxes.get(field);
    if (current === undefined || time > current) this.maxes.set(field, time);
  }

  /** The row as JSONEachRow for the table; `created_at`/`updated_at` are always written (min/max of them must not see defaults). */
  toRow(): Record<string, unknown> {
    const row: Record<string, unknown> = {
      project_id: this.projectId,
      id: this.id,
      created_at: this.firstSeen,
      updated_at: this.lastSeen,
    };
    if (this.traceId !== null) row.trace_id = this.traceId;
    if (this.bucket !== null) row.bucket = this.bucket;
    for (const [field, [time, value]] of this.versioned) row[field] = [time, value];
    for (const [field, time] of this.mins) row[field] = time;
    for (const [field, time] of this.maxes) row[field] = time;
    if (this.tags.size > 0) row.tags = [...this.tags];
    return row;
  }
}

/** ISO-8601 UTC (as validation left it) to ClickHouse's DateTime64 text. */
export const chTime = (iso: string) => iso.replace("T", " ").replace("Z", "");
