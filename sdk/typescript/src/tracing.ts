import type { EventType, GenerationBody, ObservationBody, ScoreBody, TraceBody } from "./events.js";
import { newId } from "./ids.js";

/** What the handles need from the client: queue an event, answer the id of the body it queued. */
export interface EventSink {
  enqueue(type: EventType, body: Record<string, unknown>): void;
  defaults: Record<string, unknown>;
}

/** Queues a create event and answers the observation's id; startTime defaults to now. */
function create(
  sink: EventSink,
  type: "span-create" | "generation-create" | "event-create",
  traceId: string,
  parentObservationId: string | undefined,
  body: ObservationBody,
): string {
  const id = body.id ?? newId();
  sink.enqueue(type, {
    ...sink.defaults,
    startTime: new Date(),
    ...body,
    id,
    traceId,
    ...(parentObservationId ? { parentObservationId } : {}),
  });
  return id;
}

function score(
  sink: EventSink,
  traceId: string,
  observationId: string | undefined,
  body: Omit<ScoreBody, "traceId" | "observationId">,
): string {
  const id = body.id ?? newId();
  sink.enqueue("score-create", { ...sink.defaults, ...body, id, traceId, ...(observationId ? { observationId } : {}) });
  return id;
}

/** What traces and observations share: children and scores. */
abstract class Parent {
  constructor(
    protected readonly sink: EventSink,
    readonly traceId: string,
  ) {}

  protected abstract get observationId(): string | undefined;

  span(body: ObservationBody = {}): SpanClient {
    return new SpanClient(
      this.sink,
      this.traceId,
      create(this.sink, "span-create", this.traceId, this.observationId, body),
    );
  }

  generation(body: GenerationBody = {}): GenerationClient {
    return new GenerationClient(
      this.sink,
      this.traceId,
      create(this.sink, "generation-create", this.traceId, this.observationId, body),
    );
  }

  /** A point in time (no end); answers its id. */
  event(body: ObservationBody = {}): string {
    return create(this.sink, "event-create", this.traceId, this.observationId, body);
  }

  /** Scores this trace (or observation); answers the score's id. */
  score(body: Omit<ScoreBody, "traceId" | "observationId">): string {
    return score(this.sink, this.traceId, this.observationId, body);
  }
}

export class TraceClient extends Parent {
  get id(): string {
    return this.traceId;
  }

  protected get observationId(): undefined {
    return undefined;
  }

  /** Sets more fields on the trace: a later event for the same trace merges into it. */
  update(body: Omit<TraceBody, "id">): this {
    this.sink.enqueue("trace-create", { ...body, id: this.traceId });
    return this;
  }
}

export class SpanClient extends Parent {
  protected readonly kind: "span" | "generation" = "span";

  constructor(
    sink: EventSink,
    traceId: string,
    readonly id: string,
  ) {
    super(sink, traceId);
  }

  protected get observationId(): string {
    return this.id;
  }

  update(body: ObservationBody): this {
    this.sink.enqueue(`${this.kind}-update`, { ...body, id: this.id, traceId: this.traceId });
    return this;
  }

  /** Sets endTime (now unless given) and any last fields, such as the output. */
  end(body: ObservationBody = {}): this {
    return this.update({ endTime: new Date(), ...body });
  }
}

export class GenerationClient extends SpanClient {
  protected override readonly kind = "generation";

  override update(body: GenerationBody): this {
    return super.update(body);
  }

  override end(body: GenerationBody = {}): this {
    return super.end(body);
  }
}

export { create as createObservation, score as createScoreEvent };
