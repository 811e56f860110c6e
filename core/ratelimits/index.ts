export { admit, RateLimiter, type RateLimitClass } from "./rate-limiter";
export { TokenBuckets } from "./token-bucket";
export { SharedLeases } from "./shared-leases";
