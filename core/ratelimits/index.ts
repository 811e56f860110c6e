export { admit, RateLimiter, type RateLimitClass, type RateLimitSubject } from "./rate-limiter";
export { TokenBuckets } from "./token-bucket";
export { SharedLeases } from "./shared-leases";
