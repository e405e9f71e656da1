import { LRUCache } from 'lru-cache';
import type { Principal } from './scopes.js';

/** How many verified tokens one process remembers, and for how long. */
export const TOKEN_CACHE_LIMITS = {
  max: 10_000,
  /** Short: revocation is pushed (NOTIFY), so the TTL only bounds a missed notification. */
  ttlMs: 15_000,
} as const;

interface Verified {
  principal: Principal;
  /** When the token expires (ms since epoch), or null: checked on every hit, so expiry is exact. */
  expiresAt: number | null;
}

/**
 * Verified bearer tokens by hash, so the steady state needs no database round
 * trip. Entries go at once when their token is revoked (here or, via NOTIFY, on
 * another replica) and are never served past the token's expiry. A lookup that
 * raced an eviction is not stored (the generation guards that).
 */
export class VerifiedTokenCache {
  readonly #entries: LRUCache<string, Verified>;
  #generation = 0;

  constructor(limits: { max: number; ttlMs: number } = TOKEN_CACHE_LIMITS) {
    this.#entries = new LRUCache({ max: limits.max, ttl: limits.ttlMs, ttlAutopurge: false });
  }

  /** Bumped by every eviction: read it before a database lookup and pass it to set(). */
  get generation(): number {
    return this.#generation;
  }

  get(hash: string, now = Date.now()): Principal | undefined {
    const hit = this.#entries.get(hash);
    if (!hit) return undefined;
    if (hit.expiresAt !== null && hit.expiresAt <= now) {
      this.#entries.delete(hash);
      return undefined;
    }
    return hit.principal;
  }

  /** Remembers a token read live from the database, unless something was evicted since `generation` was read. */
  set(hash: string, principal: Principal, expiresAt: Date | null, generation: number): void {
    if (generation !== this.#generation) return;
    this.#entries.set(hash, { principal, expiresAt: expiresAt ? expiresAt.getTime() : null });
  }

  /** Forgets a revoked token. Revocations are rare, so a scan of the bounded cache is fine. */
  evictToken(tokenId: string): void {
    this.#generation++;
    for (const [hash, v] of this.#entries.entries()) {
      if (v.principal.tokenId === tokenId) this.#entries.delete(hash);
    }
  }

  /** Forgets everything (the revocation feed was lost: nothing cached can be trusted). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
