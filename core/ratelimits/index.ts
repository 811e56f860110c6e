export { admit, type RateLimitClass, RateLimiter, type RateLimitSubject } from "./rate-limiter";
export { SharedLeases } from "./shared-leases";
export { TokenBuckets } from "./token-bucket";
