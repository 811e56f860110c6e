export { getTrace, observationView, scoreView } from "./get-trace";
export * from "./traces.ch";
