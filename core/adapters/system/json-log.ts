import type { Log } from "../../platform/ports";

const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LEVELS)[number];

/**
 * One JSON object per line on stderr (what CloudWatch and local terminals both
 * read well). Callers never pass secrets; keys that look secret are masked anyway.
 */
export function jsonLog(options: { level: LogLevel; service?: string; write?: (line: string) => void }): Log {
  const threshold = LEVELS.indexOf(options.level);
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const emit = (level: LogLevel) => (message: string, extra?: Record<string, unknown>) => {
    if (LEVELS.indexOf(level) < threshold) return;
    write(
      JSON.stringify({
        level,
        time: new Date().toISOString(),
        service: options.service ?? "sightline",
        message,
        ...redact(extra),
      }),
    );
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

const SECRET_KEY = /secret|password|authorization|token|api[-_]?key/i;

function redact(extra: Record<string, unknown> | undefined) {
  if (!extra) return {};
  return Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, SECRET_KEY.test(k) ? "[redacted]" : v]));
}
