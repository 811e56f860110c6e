import { Config, RateLimit, type RateLimits } from "@core/platform/config";
import * as z from "zod";

const DEFAULTS = Config.shape.rateLimits.parse(undefined) as RateLimits;
const FORMAT =
  'expected "off" or "ingest=<rate>/<burst>,api=<rate>/<burst>,shared=<rate>/<burst>" (a class left out keeps its default; whole numbers, burst between the rate and 60 × the rate), e.g. "ingest=100/200,api=50/100"';

/**
 * `SIGHTLINE_RATE_LIMITS` (docs/rate-limits.md): unset or empty for the defaults, `off` for none, or
 * `ingest=<rate>/<burst>,api=<rate>/<burst>,shared=<rate>/<burst>` (any of the parts). A malformed value stops start-up with the expected form.
 */
export const RateLimitsSetting = z
  .string()
  .optional()
  .transform((text, ctx): RateLimits | null => {
    const value = text?.trim() ?? "";
    if (value === "") return DEFAULTS;
    if (value.toLowerCase() === "off") return null;
    const limits: Partial<RateLimits> = {};
    for (const part of value.split(",")) {
      const match = part.trim().match(/^(ingest|api|shared)\s*=\s*(\d+)\s*\/\s*(\d+)$/);
      const limit = match && RateLimit.safeParse({ rate: Number(match[2]), burst: Number(match[3]) });
      const kind = match?.[1] as keyof RateLimits | undefined;
      if (!kind || !limit?.success || limits[kind]) {
        ctx.addIssue({ code: "custom", message: `${FORMAT}; got "${text}"` });
        return z.NEVER;
      }
      limits[kind] = limit.data;
    }
    return { ...DEFAULTS, ...limits };
  });
