import fc from 'fast-check';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/control/errors.js';
import { RateLimiter } from '../../src/control/rate-limiter.js';
import type { GraphQLContext } from '../../src/schema/context.js';
import { enforceRateLimit, retryAfterOf, useRetryAfterHeader } from '../../src/schema/rate-limit.js';

const T0 = 1_700_000_000_000;

describe('RateLimiter', () => {
  it('allows a burst of perMinute calls, then asks to wait', () => {
    const rl = new RateLimiter(5);
    for (let i = 0; i < 5; i++) expect(rl.take('a', T0)).toBe(0);
    const wait = rl.take('a', T0);
    expect(Number.isInteger(wait)).toBe(true);
    expect(wait).toBe(12); // one call per 12 s at 5 per minute
  });

  it('refills perMinute/60 per second and reports the remaining wait in whole seconds ≥ 1', () => {
    const rl = new RateLimiter(6); // one call per 10 s
    for (let i = 0; i < 6; i++) rl.take('a', T0);
    expect(rl.take('a', T0)).toBe(10);
    expect(rl.take('a', T0 + 4_000)).toBe(6);
    expect(rl.take('a', T0 + 9_999)).toBe(1);
    expect(rl.take('a', T0 + 10_000)).toBe(0);
    expect(rl.take('a', T0 + 10_000)).toBe(10);
  });

  it('never waits less than a second, even at high rates', () => {
    const rl = new RateLimiter(6000); // 100 per second
    for (let i = 0; i < 6000; i++) expect(rl.take('a', T0)).toBe(0);
    expect(rl.take('a', T0)).toBe(1);
    expect(rl.take('a', T0 + 10)).toBe(0);
  });

  it('does not spend anything on a refused call', () => {
    const rl = new RateLimiter(60); // one per second
    for (let i = 0; i < 60; i++) rl.take('a', T0);
    for (let i = 0; i < 100; i++) expect(rl.take('a', T0 + 500)).toBe(1);
    expect(rl.take('a', T0 + 1000)).toBe(0);
  });

  it('caps the bucket at perMinute however long it was idle', () => {
    const rl = new RateLimiter(3);
    rl.take('a', T0);
    let allowed = 0;
    for (let i = 0; i < 10; i++) if (rl.take('a', T0 + 3_600_000) === 0) allowed++;
    expect(allowed).toBe(3);
  });

  it('keeps one bucket per token', () => {
    const rl = new RateLimiter(2);
    expect(rl.take('a', T0)).toBe(0);
    expect(rl.take('a', T0)).toBe(0);
    expect(rl.take('a', T0)).toBeGreaterThan(0);
    expect(rl.take('b', T0)).toBe(0);
  });

  it('never allows more than perMinute + elapsed × rate (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 1, maxLength: 400 }),
        (perMinute, gaps) => {
          const rl = new RateLimiter(perMinute);
          let now = T0;
          let allowed = 0;
          for (const gap of gaps) {
            now += gap;
            const wait = rl.take('t', now);
            if (wait === 0) allowed++;
            else expect(Number.isInteger(wait) && wait >= 1).toBe(true);
          }
          const budget = perMinute + ((now - T0) / 60_000) * perMinute;
          expect(allowed).toBeLessThanOrEqual(Math.floor(budget + 1e-9));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a refused caller that waits the given seconds is let through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 120_000 }), (perMinute, offset) => {
        const rl = new RateLimiter(perMinute);
        // A full bucket lets exactly perMinute through at one instant, then refuses.
        let allowed = 0;
        for (let i = 0; i <= perMinute; i++) if (rl.take('t', T0) === 0) allowed++;
        expect(allowed).toBe(perMinute);
        // Any moment before one token has come back is still refused (every run asserts).
        const msPerToken = Math.max(1, Math.floor(60_000 / perMinute));
        const at = T0 + (offset % msPerToken);
        const wait = rl.take('t', at);
        expect(Number.isInteger(wait) && wait >= 1, `wait ${wait}`).toBe(true);
        expect(rl.take('t', at + wait * 1000)).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('stays bounded: least recently used buckets are evicted past maxBuckets', () => {
    const rl = new RateLimiter(1, { maxBuckets: 3 });
    for (const id of ['a', 'b', 'c']) expect(rl.take(id, T0)).toBe(0);
    expect(rl.take('a', T0)).toBeGreaterThan(0); // touches a: b is now the least recently used
    expect(rl.take('d', T0)).toBe(0);
    expect(rl.size).toBe(3);
    expect(rl.take('a', T0)).toBeGreaterThan(0); // a survived
    expect(rl.take('b', T0)).toBe(0); // b was evicted: a fresh bucket
    for (let i = 0; i < 1000; i++) rl.take(`x${i}`, T0);
    expect(rl.size).toBe(3);
  });

  it('drops buckets that have been idle for a minute (they are full again)', () => {
    const rl = new RateLimiter(10);
    for (let i = 0; i < 100; i++) rl.take(`t${i}`, T0);
    expect(rl.size).toBe(100);
    rl.take('late', T0 + 60_000);
    expect(rl.size).toBe(1);
  });

  it('rejects a non-positive rate', () => {
    expect(() => new RateLimiter(0)).toThrow();
  });
});

describe('enforceRateLimit and useRetryAfterHeader', () => {
  const principal = { tenantId: 'tenant', tokenId: 'token-1', scopes: new Set<never>() };

  it('throws RateLimitedError and records the wait on the context', () => {
    const ctx = {
      principal,
      services: { rateLimiter: new RateLimiter(1) },
      requestId: 'r',
    } as unknown as GraphQLContext;
    expect(() => enforceRateLimit(ctx)).not.toThrow();
    expect(retryAfterOf(ctx)).toBeUndefined();
    let error: unknown;
    try {
      enforceRateLimit(ctx);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(60);
    expect(retryAfterOf(ctx)).toBe(60);
  });

  it('sets Retry-After on the HTTP response of a rate-limited request only', async () => {
    const rateLimiter = new RateLimiter(1);
    const yoga = createYoga<{}, GraphQLContext>({
      schema: createSchema({
        typeDefs: /* GraphQL */ `
          type Query { ok: Boolean! }
          type Mutation { act: String! }
        `,
        resolvers: {
          Query: { ok: () => true },
          Mutation: {
            act: (_root: unknown, _args: unknown, ctx: GraphQLContext) => {
              try {
                enforceRateLimit(ctx);
                return 'done';
              } catch (e) {
                if (e instanceof RateLimitedError) return `limited ${e.retryAfterSeconds}`;
                throw e;
              }
            },
          },
        },
      }),
      logging: false,
      plugins: [useRetryAfterHeader()],
      context: () => ({ principal, services: { rateLimiter }, requestId: 'r' }) as unknown as GraphQLContext,
    });
    const post = (query: string) =>
      yoga.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });

    const first = await post('mutation { act }');
    expect(await first.json()).toEqual({ data: { act: 'done' } });
    expect(first.headers.get('retry-after')).toBeNull();

    const second = await post('mutation { act }');
    expect(await second.json()).toEqual({ data: { act: 'limited 60' } });
    expect(second.headers.get('retry-after')).toBe('60');

    const read = await post('{ ok }');
    expect(read.headers.get('retry-after')).toBeNull();
  });
});
