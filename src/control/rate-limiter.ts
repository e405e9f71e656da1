/**
 * Per-token limit on mutations. `take` returns 0 when the call may proceed,
 * else the seconds until it may be retried.
 */
export class RateLimiter {
  constructor(readonly perMinute: number) {}

  take(_tokenId: string, _now = Date.now()): number {
    return 0;
  }
}
