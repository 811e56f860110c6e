export { getTrace, observationView, scoreView } from "./get-trace";
export * from "./traces.ch";
export { ObservationView, ScoreView, TraceDetail } from "./traces.schema";
