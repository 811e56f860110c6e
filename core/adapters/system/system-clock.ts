import type { Clock } from "../../platform/ports";

export const systemClock: Clock = { now: () => new Date() };
