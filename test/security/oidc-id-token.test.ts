/**
 * The sign-in's ID-token checks are the product's (openid-client's, as the callback calls it):
 * a stub provider's token endpoint answers ID tokens crafted with jose, and the callback must
 * refuse one with a wrong audience, a wrong nonce, an expired one, or one signed by another
 * key (same key id: only the signature check tells) — while the same token made right opens a
 * session, so each refusal is that check's doing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { CookieJar, jarFetch } from '../support/sign-in.js';

const CLIENT_ID = 'stub-client';
type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

describe('the sign-in callback verifies the ID token', () => {
  let stub: Server;
  let issuer: string;
  let t: TestApp;
  let origin: string;
  let rightKey: Key;
  let otherKey: Key;
  /** What the stub's token endpoint answers next. */
  let nextIdToken = '';

  const sign = (claims: JWTPayload, key: Key) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(key);

  beforeAll(async () => {
    const right = await generateKeyPair('RS256');
    rightKey = right.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const publicJwk = { ...(await exportJWK(right.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    stub = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      const json = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (path === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (path === '/jwks') return json({ keys: [publicJwk] });
      if (path === '/token') {
        req.resume();
        return req.on('end', () =>
          json({ access_token: 'stub-access-token', token_type: 'Bearer', expires_in: 60, id_token: nextIdToken }),
        );
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    t = await startTestApp({
      config: {
        oidc: {
          issuer,
          clientId: CLIENT_ID,
          clientSecret: 'stub-secret',
          roleClaim: 'groups',
          roles: new Map([['deployers', 'DEPLOYER' as const]]),
          tenantClaim: undefined,
        },
      },
    });
    origin = new URL(t.url).origin;
  });
  afterAll(async () => {
    await t?.stop();
    stub?.closeAllConnections();
    await new Promise<void>((r) => (stub ? stub.close(() => r()) : r()));
  });

  /** Starts a sign-in, has the stub answer `idToken(nonce)`, and returns the callback's answer. */
  async function callbackWith(idToken: (nonce: string) => Promise<string>) {
    const jar = new CookieJar();
    const login = await jarFetch(jar, `${origin}/auth/login`);
    expect(login.status).toBe(302);
    const to = new URL(login.headers.get('location')!);
    expect(to.origin).toBe(issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    nextIdToken = await idToken(to.searchParams.get('nonce')!);
    const state = to.searchParams.get('state')!;
    const res = await jarFetch(jar, `${origin}/auth/callback?code=stub-code&state=${encodeURIComponent(state)}`);
    return { status: res.status, session: jar.get(origin, 'wheelhouse_session') };
  }

  const now = () => Math.floor(Date.now() / 1000);
  const claims = (nonce: string, over: JWTPayload = {}): JWTPayload => ({
    iss: issuer,
    aud: CLIENT_ID,
    sub: 'stub-person',
    nonce,
    iat: now(),
    exp: now() + 300,
    groups: ['deployers'],
    ...over,
  });
  const sessionCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(t.database.db)).rows[0]!.n;

  it('a right token opens a session (the control)', async () => {
    const r = await callbackWith((nonce) => sign(claims(nonce), rightKey));
    expect(r.status).toBe(302);
    expect(r.session).toBeTruthy();
  });

  it.each([
    ['a wrong audience', (nonce: string) => sign(claims(nonce, { aud: 'another-client' }), rightKey)],
    ['a wrong nonce', (_nonce: string) => sign(claims('not-the-nonce-we-sent'), rightKey)],
    ['an expired token', (nonce: string) => sign(claims(nonce, { iat: now() - 1200, exp: now() - 600 }), rightKey)],
    ['a token signed by another key', (nonce: string) => sign(claims(nonce), otherKey)],
    ['another issuer', (nonce: string) => sign(claims(nonce, { iss: 'http://127.0.0.1:1' }), rightKey)],
  ])('refuses %s: 401 and no session', async (_what, make) => {
    const before = await sessionCount();
    const r = await callbackWith(make);
    expect(r.status).toBe(401);
    expect(r.session).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });
});
