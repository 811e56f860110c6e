import { afterAll } from "vitest";
import { releaseOtelGlobals } from "./otel-globals";

// A setup file: every test file ends with the OpenTelemetry globals released, whatever it registered.
afterAll(releaseOtelGlobals);
