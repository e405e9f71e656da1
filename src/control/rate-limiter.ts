/** One token's bucket: how many calls it holds now, as of `at` (ms). */
interface Bucket {
  tokens: number;
  at: number;
}

/** A full refill takes one minute, whatever the rate. */
const REFILL_MS = 60_000;

export interface RateLimiterOptions {
  /** Buckets kept in memory at most; the least recently used goes first. Default 100 000. */
  maxBuckets?: number;
}

/**
 * Per-token limit on mutations: a token bucket per API token id, holding up to
 * `perMinute` calls and refilling `perMinute / 60` per second. `take` returns 0
 * when the call may proceed (and spends one), else the whole seconds (≥ 1)
 * until it may be retried (and spends nothing).
 *
 * In memory and per process (several replicas each allow `perMinute`). Bounded:
 * a bucket idle for a minute has refilled completely and is dropped (a missing
 * bucket is a full one), and past `maxBuckets` the least recently used one is
 * evicted.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #perSecond: number;
  readonly #maxBuckets: number;

  constructor(
    readonly perMinute: number,
    options: RateLimiterOptions = {},
  ) {
    if (!Number.isFinite(perMinute) || perMinute < 1) throw new Error('perMinute must be at least 1');
    this.#perSecond = perMinute / 60;
    this.#maxBuckets = Math.max(1, options.maxBuckets ?? 100_000);
  }

  /** Buckets currently held (for tests and metrics). */
  get size(): number {
    return this.#buckets.size;
  }

  take(tokenId: string, now = Date.now()): number {
    const bucket = this.#buckets.get(tokenId);
    let tokens = this.perMinute;
    if (bucket) {
      const elapsed = Math.max(0, now - bucket.at) / 1000;
      tokens = Math.min(this.perMinute, bucket.tokens + elapsed * this.#perSecond);
      // Re-inserting moves the key to the end: Map order is least recently used first.
      this.#buckets.delete(tokenId);
    }
    if (tokens >= 1) {
      this.#buckets.set(tokenId, { tokens: tokens - 1, at: now });
      this.#evict(now);
      return 0;
    }
    this.#buckets.set(tokenId, { tokens, at: now });
    this.#evict(now);
    return Math.max(1, Math.ceil((1 - tokens) / this.#perSecond));
  }

  #evict(now: number): void {
    // Map order is least recently used first. A bucket untouched for a minute
    // has refilled completely, which is what a missing bucket means: drop those
    // from the front (amortised O(1)), then the least recently used past the cap.
    for (const [id, b] of this.#buckets) {
      if (now - b.at < REFILL_MS) break;
      this.#buckets.delete(id);
    }
    for (const id of this.#buckets.keys()) {
      if (this.#buckets.size <= this.#maxBuckets) break;
      this.#buckets.delete(id);
    }
  }
}
