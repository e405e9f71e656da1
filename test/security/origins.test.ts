/**
 * Origins (src/server/origin-policy.ts): the server's own origin and those in
 * WHEELHOUSE_CORS_ORIGINS may call the API from a browser; any other is
 * refused with 403 over HTTP (its preflight too), SSE and the graphql-ws
 * upgrade. No response ever allows credentials: auth is a bearer token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../support/app.js';

const ALLOWED = 'https://dashboard.example';
const FOREIGN = 'https://evil.example';
const VIEWER = '{ viewer { scopes } }';

describe('origin policy', () => {
  let t: TestApp;
  let token: string;
  let own: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { corsOrigins: [ALLOWED] } });
    token = (await t.newTenant()).token;
    own = new URL(t.url).origin;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const post = (origin: string | undefined, accept = 'application/graphql-response+json') =>
    fetch(t.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept,
        authorization: `Bearer ${token}`,
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify({ query: VIEWER }),
    });

  it('HTTP: no Origin, the own origin and an allow-listed one are served; none allows credentials', async () => {
    const none = await post(undefined);
    expect(none.status).toBe(200);
    expect(none.headers.get('access-control-allow-origin')).toBeNull();

    const same = await post(own);
    expect(same.status).toBe(200);
    expect(((await same.json()) as { data?: unknown }).data).toBeDefined();

    const listed = await post(ALLOWED);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    for (const r of [none, same, listed]) expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('HTTP: a foreign origin is refused with 403, and its preflight too; it is never named back', async () => {
    const r = await post(FOREIGN);
    expect(r.status).toBe(403);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const body = (await r.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('FORBIDDEN_ORIGIN');
    expect(body.errors[0]?.message).toContain(FOREIGN);

    const preflight = (origin: string) =>
      fetch(t.url, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const refused = await preflight(FOREIGN);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await preflight(ALLOWED);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('SSE: a stream from a foreign origin is refused; from an allowed one it opens', async () => {
    const subscribe = (origin: string) =>
      fetch(t.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
          origin,
        },
        body: JSON.stringify({ query: 'subscription { events { id } }' }),
      });
    const refused = await subscribe(FOREIGN);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/json');
    const controller = new AbortController();
    const opened = await fetch(t.url, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
        origin: ALLOWED,
      },
      body: JSON.stringify({ query: 'subscription { events { id } }' }),
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toContain('text/event-stream');
    expect(opened.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    controller.abort();
  });

  /** The HTTP status of a graphql-ws upgrade from `origin` (101 when it opens; then the ack is awaited). */
  const upgrade = (origin: string | undefined) =>
    new Promise<{ status: number; acked: boolean }>((resolve, reject) => {
      const ws = new WebSocket(t.wsUrl, 'graphql-transport-ws', origin ? { origin } : {});
      ws.once('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0, acked: false });
        res.resume();
        ws.terminate();
      });
      ws.once('open', () =>
        ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })),
      );
      ws.once('message', (data) => {
        resolve({ status: 101, acked: JSON.parse(String(data)).type === 'connection_ack' });
        ws.close();
      });
      ws.once('error', (err) => {
        if (!/Unexpected server response/.test(err.message)) reject(err);
      });
    });

  it('graphql-ws: the upgrade from a foreign origin is refused with 403; own, listed and none are acknowledged', async () => {
    expect(await upgrade(FOREIGN)).toEqual({ status: 403, acked: false });
    expect(await upgrade(own)).toEqual({ status: 101, acked: true });
    expect(await upgrade(ALLOWED)).toEqual({ status: 101, acked: true });
    expect(await upgrade(undefined)).toEqual({ status: 101, acked: true });
  });
});

describe('WHEELHOUSE_CORS_ORIGINS', () => {
  it('is empty by default, takes origins and *, and refuses what is not an origin', async () => {
    const base = { PORT: '0', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test' };
    expect((await loadConfig(base)).corsOrigins).toEqual([]);
    expect(
      (await loadConfig({ ...base, WHEELHOUSE_CORS_ORIGINS: 'https://a.example, http://b.example:8080/,*' }))
        .corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080', '*']);
    await expect(loadConfig({ ...base, WHEELHOUSE_CORS_ORIGINS: 'https://a.example/path' })).rejects.toThrow(
      /WHEELHOUSE_CORS_ORIGINS/,
    );
    await expect(loadConfig({ ...base, WHEELHOUSE_CORS_ORIGINS: 'a.example' })).rejects.toThrow(
      /WHEELHOUSE_CORS_ORIGINS/,
    );
  });
});
