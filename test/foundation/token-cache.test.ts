import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, TOKEN_TOUCH } from '../../src/control/tokens.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { findTokensByIds, insertToken } from '../../src/db/repositories/token-repository.js';
import { startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { openTestDatabase, usingPostgres } from '../support/database.js';

/**
 * Verified tokens are cached in each process, so a steady stream of requests
 * reads no token from the database and writes `lastUsedAt` at most once a
 * minute; yet a revoked token is refused at once on every replica, and an
 * expired one the moment it expires.
 */

let statements: string[] = [];
let shared: DatabaseHandle;
let other: DatabaseHandle | undefined;
let a: TestApp;
let b: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  shared = await openTestDatabase((sql) => statements.push(sql));
  // Two replicas on one database: on Postgres each has its own pool and LISTEN connection.
  other = usingPostgres() ? await openTestDatabase() : undefined;
  a = await startTestApp({ database: shared });
  b = await startTestApp({ database: other ?? shared });
  tenant = await a.newTenant(['read', 'admin']);
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await shared?.close();
  await other?.close();
});

function viewer(app: TestApp, token: string): Promise<Response> {
  return fetch(app.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ viewer { __typename } }' }),
  });
}

async function status(app: TestApp, token: string): Promise<number> {
  const res = await viewer(app, token);
  await res.body?.cancel();
  return res.status;
}

// The use is written TOKEN_TOUCH.flushDelayMs after the first request, plus however long a loaded
// machine takes to run that timer and the statement (expect.poll's default, 1 s, is the same as the delay).
const LAST_USED_WAIT_MS = TOKEN_TOUCH.flushDelayMs + 15_000;

const tokenStatements = () => statements.filter((s) => s.includes('api_tokens'));

describe('verified-token cache', () => {
  it('serves repeated requests without reading or writing the token', async () => {
    const secret = await a.newToken(tenant.tenantId, ['read']);
    expect(await status(a, secret)).toBe(200);
    const principal = await a.app.services.tokens.authenticate(secret);
    // The first use is recorded in the background; let that land before counting.
    await expect
      .poll(async () => (await findTokensByIds(shared.db, tenant.tenantId, [principal!.tokenId]))[0]?.last_used_at, {
        timeout: LAST_USED_WAIT_MS,
      })
      .toBeInstanceOf(Date);
    statements = [];
    for (let i = 0; i < 20; i++) expect(await status(a, secret)).toBe(200);
    expect(tokenStatements()).toEqual([]);
  });

  it('records lastUsedAt once, in the background, however many requests', async () => {
    const secret = await a.newToken(tenant.tenantId, ['read']);
    const principal = await a.app.services.tokens.authenticate(secret);
    statements = [];
    for (let i = 0; i < 10; i++) expect(await status(a, secret)).toBe(200);
    // The write is queued off the request path; stop() of the service would flush it, here we wait for it.
    await expect
      .poll(async () => (await findTokensByIds(shared.db, tenant.tenantId, [principal!.tokenId]))[0]?.last_used_at, {
        timeout: LAST_USED_WAIT_MS,
      })
      .toBeInstanceOf(Date);
    expect(tokenStatements().filter((s) => /^update/i.test(s))).toHaveLength(1);
  });

  it('a token revoked on one replica is refused at once by another that cached it', async () => {
    const secret = await a.newToken(tenant.tenantId, ['read', 'admin']);
    // Both replicas have verified (and cached) it.
    expect(await status(a, secret)).toBe(200);
    expect(await status(b, secret)).toBe(200);
    expect(await status(b, secret)).toBe(200);
    const principal = await a.app.services.tokens.authenticate(secret);
    await a.app.services.tokens.revoke(principal!, principal!.tokenId);
    // No waiting for the cache's TTL: the NOTIFY has already evicted it on B.
    expect(await status(b, secret)).toBe(401);
    expect(await status(a, secret)).toBe(401);
    expect(await b.app.services.tokens.authenticate(secret)).toBeUndefined();
  });

  it('a cached token is refused the moment it expires', async () => {
    const secret = `whk_soon_${randomUUID()}`;
    const expiresAt = new Date(Date.now() + 1_500);
    await insertToken(shared.db, {
      id: randomUUID(),
      tenant_id: tenant.tenantId,
      name: 'soon',
      token_hash: hashToken(secret),
      scopes: ['read'],
      expires_at: expiresAt,
    });
    expect(await status(a, secret)).toBe(200);
    statements = [];
    expect(await status(a, secret)).toBe(200);
    // Still cached: the second request read nothing (the first one's lastUsedAt write may land here).
    expect(tokenStatements().filter((s) => /^select/i.test(s))).toEqual([]);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt.getTime() - Date.now()) + 50));
    expect(await status(a, secret)).toBe(401);
  });
});
