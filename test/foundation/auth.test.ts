import { randomUUID } from 'node:crypto';
import { type Client, CloseCode } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Principal } from '../../src/control/scopes.js';
import { TenantService } from '../../src/control/tenants.js';
import { hashToken, TokenService } from '../../src/control/tokens.js';
import { findTokensByIds, insertToken, listTokens } from '../../src/db/repositories/token-repository.js';
import { startTestApp, type TestApp, type TestTenant, wsClient } from '../support/app.js';

/**
 * Auth at every door: HTTP POST and GET, GraphQL over SSE and graphql-ws all
 * refuse a request without a live token; a token sees only its tenant's rows;
 * expired and revoked tokens stop working.
 */

const VIEWER = '{ viewer { scopes tenant { name } } }';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await startTestApp();
  a = await t.newTenant(['read', 'admin']);
  b = await t.newTenant(['read', 'admin']);
});

afterAll(async () => {
  await t?.stop();
});

function authHeader(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

function post(token: string | undefined, accept = 'application/graphql-response+json, application/json') {
  return fetch(t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, ...authHeader(token) },
    body: JSON.stringify({ query: VIEWER }),
  });
}

function get(token: string | undefined) {
  return fetch(`${t.url}?query=${encodeURIComponent(VIEWER)}`, {
    headers: { accept: 'application/graphql-response+json, application/json', ...authHeader(token) },
  });
}

/** Reads an SSE response to its end (the stream completes after one result for a query). */
async function sse(
  token: string | undefined,
  query = VIEWER,
): Promise<{ status: number; contentType: string; body: string }> {
  const res = await fetch(t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...authHeader(token) },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
}

/** Both ways of saying "no token": none at all, and one that does not exist. */
const badTokens: Array<[string, string | undefined]> = [
  ['without a token', undefined],
  ['with an unknown token', 'whk_this-token-does-not-exist'],
  ['with a malformed header value', 'has spaces in it'],
];

describe('HTTP', () => {
  it.each(badTokens)('POST %s is 401 with a WWW-Authenticate challenge and no data', async (_name, token) => {
    const res = await post(token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = (await res.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.each(badTokens)('GET %s is 401', async (_name, token) => {
    const res = await get(token);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('refuses a scheme other than Bearer', async () => {
    const res = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${a.token}` },
      body: JSON.stringify({ query: VIEWER }),
    });
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('POST and GET with a valid token answer', async () => {
    for (const res of [await post(a.token), await get(a.token)]) {
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { viewer: { tenant: { name: string } } } };
      expect(body.data.viewer.tenant.name).toBe(a.tenantName);
    }
  });
});

describe('GraphQL over SSE', () => {
  it.each(badTokens)('%s is 401', async (_name, token) => {
    const r = await sse(token);
    expect(r.status).toBe(401);
    expect(r.body).not.toContain(a.tenantName);
  });

  // Auth comes before validation, so this holds whether or not the Subscription type exists yet.
  it.each(badTokens)('a subscription request %s is 401', async (_name, token) => {
    const r = await sse(token, 'subscription { events { id } }');
    expect(r.status).toBe(401);
    expect(r.body).toContain('UNAUTHENTICATED');
  });

  it('with a valid token streams the result and completes', async () => {
    const r = await sse(a.token);
    expect(r.status).toBe(200);
    expect(r.contentType).toContain('text/event-stream');
    expect(r.body).toContain('event: next');
    expect(r.body).toContain(a.tenantName);
    expect(r.body).toContain('event: complete');
  });
});

describe('graphql-ws', () => {
  /** Runs VIEWER over a graphql-ws client; resolves with the result, or the close code the server ended with. */
  function overWs(client: Client): Promise<{ data?: unknown; closeCode?: number }> {
    return new Promise((resolve) => {
      let data: unknown;
      client.subscribe(
        { query: VIEWER },
        {
          next: (r) => {
            data = r.data;
          },
          error: (e) => resolve({ closeCode: (e as { code?: number }).code }),
          complete: () => resolve({ data }),
        },
      );
    });
  }

  /** Opens a raw socket, sends connection_init with `payload` and resolves with what happened. */
  function rawInit(payload: unknown): Promise<{ code: number; acked: boolean }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(t.wsUrl, 'graphql-transport-ws');
      let acked = false;
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('the server neither acked nor closed in 10 s'));
      }, 10_000);
      ws.on('open', () =>
        ws.send(JSON.stringify({ type: 'connection_init', ...(payload === undefined ? {} : { payload }) })),
      );
      ws.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { type: string }).type === 'connection_ack') {
          acked = true;
          ws.close(1000);
        }
      });
      ws.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, acked });
      });
      ws.on('error', reject);
    });
  }

  it('closes with 4401 when connection_init carries no token', async () => {
    expect(CloseCode.Unauthorized).toBe(4401);
    const client = wsClient(t.wsUrl, undefined);
    try {
      expect(await overWs(client)).toEqual({ closeCode: 4401 });
    } finally {
      await client.dispose();
    }
  });

  it('closes with 4401 when connection_init carries an unknown token', async () => {
    const client = wsClient(t.wsUrl, 'whk_this-token-does-not-exist');
    try {
      expect(await overWs(client)).toEqual({ closeCode: 4401 });
    } finally {
      await client.dispose();
    }
  });

  it.each([
    ['no payload', undefined],
    ['an empty payload', {}],
    ['a token without the Bearer scheme', { authorization: 'whk_x' }],
    ['a non-string authorization', { authorization: 42 }],
  ])('closes a raw socket with 4401 for %s', async (_name, payload) => {
    expect(await rawInit(payload)).toEqual({ code: 4401, acked: false });
  });

  it('acks and answers with a valid token', async () => {
    expect(await rawInit({ authorization: `Bearer ${a.token}` })).toEqual({ code: 1000, acked: true });
    const client = wsClient(t.wsUrl, a.token);
    try {
      const r = await overWs(client);
      expect(r.closeCode).toBeUndefined();
      expect(r.data).toMatchObject({ viewer: { tenant: { name: a.tenantName } } });
    } finally {
      await client.dispose();
    }
  });

  it('closes an open socket with 4401 when its token is revoked', async () => {
    const secret = await t.newToken(a.tenantId, ['read']);
    const principal = (await t.app.services.tokens.authenticate(secret))!;
    const closed = new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(t.wsUrl, 'graphql-transport-ws');
      ws.on('open', () =>
        ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${secret}` } })),
      );
      ws.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { type: string }).type === 'connection_ack') {
          void t.app.services.tokens.revoke(principal, principal.tokenId);
        }
      });
      ws.on('close', (code) => resolve(code));
      ws.on('error', reject);
    });
    expect(await closed).toBe(4401);
  });
});

describe('tenant isolation at the repository layer', () => {
  async function principalOf(secret: string): Promise<Principal> {
    const p = await t.app.services.tokens.authenticate(secret);
    if (!p) throw new Error('token did not authenticate');
    return p;
  }

  it("findTokensByIds never returns another tenant's token", async () => {
    const pa = await principalOf(a.token);
    const pb = await principalOf(b.token);
    const db = t.database.db;
    expect(await findTokensByIds(db, pa.tenantId, [pb.tokenId])).toEqual([]);
    const mixed = await findTokensByIds(db, pa.tenantId, [pa.tokenId, pb.tokenId]);
    expect(mixed.map((r) => r.id)).toEqual([pa.tokenId]);
    expect((await t.app.services.tokens.byIds(pa.tenantId, [pb.tokenId])).length).toBe(0);
  });

  it("listTokens lists only the tenant's own tokens", async () => {
    const pa = await principalOf(a.token);
    const pb = await principalOf(b.token);
    await t.newToken(b.tenantId, ['read']);
    const rows = await listTokens(t.database.db, pa.tenantId, { limit: 100 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.tenant_id === pa.tenantId)).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(pb.tokenId);
  });

  it('revoking by id never reaches another tenant', async () => {
    const pa = await principalOf(a.token);
    const pb = await principalOf(b.token);
    await expect(t.app.services.tokens.revoke(pa, pb.tokenId)).rejects.toThrow(/not found/);
    expect(await t.app.services.tokens.authenticate(b.token)).toBeDefined();
  });

  it('TenantService.byIds shows a non-system principal only its own tenant', async () => {
    const tenants = new TenantService(t.database.db);
    const pa = await principalOf(a.token);
    const got = await tenants.byIds(pa, [a.tenantId, b.tenantId]);
    expect(got.map((x) => x.id)).toEqual([a.tenantId]);
    expect(await tenants.byIds(pa, [b.tenantId])).toEqual([]);
  });

  it('TenantService.byIds shows a system principal any tenant', async () => {
    const tenants = new TenantService(t.database.db);
    const system: Principal = { tenantId: a.tenantId, tokenId: randomUUID(), scopes: new Set(['system']) };
    const got = await tenants.byIds(system, [a.tenantId, b.tenantId]);
    expect(got.map((x) => x.id).sort()).toEqual([a.tenantId, b.tenantId].sort());
  });
});

describe('token lifecycle', () => {
  it('an expired token is rejected by authenticate and over HTTP', async () => {
    const tokens = new TokenService(t.database.db);
    const secret = `whk_expired_${randomUUID()}`;
    await insertToken(t.database.db, {
      id: randomUUID(),
      tenant_id: a.tenantId,
      name: 'expired',
      token_hash: hashToken(secret),
      scopes: ['read'],
      expires_at: new Date(Date.now() - 1_000),
    });
    expect(await tokens.authenticate(secret)).toBeUndefined();
    const res = await post(secret);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('a token that has not expired yet works', async () => {
    const tokens = new TokenService(t.database.db);
    const secret = `whk_future_${randomUUID()}`;
    await insertToken(t.database.db, {
      id: randomUUID(),
      tenant_id: a.tenantId,
      name: 'future',
      token_hash: hashToken(secret),
      scopes: ['read'],
      expires_at: new Date(Date.now() + 3_600_000),
    });
    const p = await tokens.authenticate(secret);
    expect(p?.tenantId).toBe(a.tenantId);
    expect([...(p?.scopes ?? [])]).toEqual(['read']);
  });

  it('a revoked token is rejected by authenticate and over HTTP', async () => {
    const secret = await t.newToken(a.tenantId, ['read']);
    const tokens = t.app.services.tokens;
    const p = await tokens.authenticate(secret);
    expect(p).toBeDefined();
    expect(await tokens.isLive(p!)).toBe(true);
    const revoked = await tokens.revoke(p!, p!.tokenId);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await tokens.authenticate(secret)).toBeUndefined();
    expect(await tokens.isLive(p!)).toBe(false);
    const res = await post(secret);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it('stores only a hash of the secret', async () => {
    const p = await t.app.services.tokens.authenticate(a.token);
    const [row] = await findTokensByIds(t.database.db, a.tenantId, [p!.tokenId]);
    expect(row?.token_hash).toBe(hashToken(a.token));
    expect(JSON.stringify(row)).not.toContain(a.token);
  });
});
