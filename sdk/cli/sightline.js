#!/usr/bin/env node
// The `sightline` command: registers tsx so the TypeScript entry runs as it is (like `npm start`).
import { register } from "tsx/esm/api";

register();
await import("./main.ts");
