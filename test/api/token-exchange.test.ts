/**
 * Keyless CI: a JWT signed by a test JWKS (served over local HTTP, as a CI's issuer publishes
 * it) is traded at POST /auth/token-exchange (RFC 8693) for a Wheelhouse token with exactly
 * the matching trust policy's scopes and lifetime. Anything else is a bare 401. The clock is
 * moved (Date only) rather than waited on.
 */

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Scopes } from '../../src/control/scopes.js';
import { Registry } from '../../src/providers/registry.js';
import { gql, startTestApp, type TestApp } from '../support/app.js';
import { FakeProvider } from '../support/fake-provider.js';

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
const MAIN = 'repo:acme/shop:ref:refs/heads/main';
const AUDIENCE = 'wheelhouse-test';

const CREATE_POLICY = `mutation($i: CreateTrustPolicyInput!) { createTrustPolicy(input: $i) {
  __typename
  ... on CreateTrustPolicyPayload { trustPolicy { id name issuer audience subjectPattern scopes tokenTtlSeconds lastUsedAt } }
  ... on ValidationError { fieldErrors { path message } }
  ... on ForbiddenError { message requiredScope } } }`;
const DELETE_POLICY = `mutation($i: DeleteTrustPolicyInput!) { deleteTrustPolicy(input: $i) {
  __typename ... on DeleteTrustPolicyPayload { id } ... on NotFoundError { message } } }`;

describe('token exchange under a trust policy', () => {
  let jwksServer: Server;
  let issuer: string;
  let t: TestApp;
  let origin: string;
  let admin: { tenantId: string; token: string };
  const keys: { kid: string; privateKey: Key; jwk: object }[] = [];
  /** The keys the issuer publishes now. */
  let published: object[] = [];
  let jwksFetches = 0;
  const providerKey = `fake-${randomUUID().slice(0, 8)}`;

  async function newKey(kid: string) {
    const pair = await generateKeyPair('RS256');
    const key = { kid, privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256' } };
    keys.push(key);
    return key;
  }
  // Signed with the newest key (the one the issuer publishes after a rotation).
  const ciToken = (over: JWTPayload = {}, key = keys.at(-1)!) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: issuer,
      aud: AUDIENCE,
      sub: MAIN,
      repository: 'acme/shop',
      iat: now,
      exp: now + 300,
      ...over,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .sign(key.privateKey);
  };
  const exchange = (subjectToken: string, over: Record<string, string> = {}) =>
    fetch(`${origin}/auth/token-exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: subjectToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
        ...over,
      }).toString(),
    });
  const graphql = (token: string, query: string, variables?: object) =>
    fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
  const createPolicy = async (token: string, input: object) =>
    (
      await gql(t, token, CREATE_POLICY, {
        i: { name: 'ci', issuer, audience: AUDIENCE, subjectPattern: MAIN, ...input },
      })
    ).createTrustPolicy;

  beforeAll(async () => {
    await newKey('ci-1');
    published = [keys[0]!.jwk];
    jwksServer = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/.well-known/openid-configuration') {
        return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
      }
      jwksFetches++;
      res.end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
    const registry = new Registry();
    registry.register(providerKey, new FakeProvider());
    t = await startTestApp({ registry });
    origin = new URL(t.url).origin;
    admin = await t.newTenant([Scopes.read, Scopes.deploy, Scopes.admin]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.stop();
    jwksServer?.closeAllConnections();
    await new Promise<void>((r) => (jwksServer ? jwksServer.close(() => r()) : r()));
  });

  it('yields a token that can deploy, cannot create a webhook, and is refused after its 60 s', async () => {
    const made = await createPolicy(admin.token, { scopes: ['READ', 'DEPLOY'], tokenTtlSeconds: 60 });
    expect(made.__typename).toBe('CreateTrustPolicyPayload');
    const policyId = made.trustPolicy.id;

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const res = await exchange(await ciToken());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; expires_in: number; token_type: string; scope: string };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
    expect(body.scope.split(' ').sort()).toEqual(['deploy', 'read']);

    const name = `ci-${randomUUID().slice(0, 8)}`;
    const deployed = (await (
      await graphql(
        body.access_token,
        `mutation($i: ProvisionInstanceInput!) { provisionInstance(input: $i) { __typename } }`,
        { i: { name, provider: providerKey, services: [{ name: 'main', image: 'registry.example.com/web:1' }] } },
      )
    ).json()) as any;
    expect(deployed.data.provisionInstance.__typename).toBe('ProvisionInstancePayload');
    const rows = await sql<{ tenant_id: string }>`select tenant_id from instances where name = ${name}`.execute(
      t.database.db,
    );
    expect(rows.rows).toEqual([{ tenant_id: admin.tenantId }]);

    const hook = (await (
      await graphql(
        body.access_token,
        'mutation { createWebhook(input: { url: "https://hooks.invalid/ci" }) { __typename } }',
      )
    ).json()) as any;
    expect(hook.data.createWebhook.__typename).toBe('ForbiddenError');

    // The token acts as the policy, for the subject; the policy records its use.
    const token = await sql<{ actor: unknown; scopes: string[] }>`
      select actor, scopes from api_tokens where actor->>'id' = ${localOf(policyId)}`.execute(t.database.db);
    expect(token.rows).toHaveLength(1);
    expect(token.rows[0]!.actor).toEqual({ kind: 'TRUST_POLICY', id: localOf(policyId), name: MAIN });
    // The exchange and what the token did are on the audit log, as the policy for the subject.
    const logged = await gql(
      t,
      admin.token,
      `query($actor: String!) { auditLog(first: 5, filter: { actorId: $actor }) { edges { node {
        action outcome errorType actor { kind id name } } } } }`,
      { actor: policyId },
    );
    expect(logged.auditLog.edges.map((e: { node: unknown }) => e.node).reverse()).toEqual([
      {
        action: 'auth.tokenExchange',
        outcome: 'OK',
        errorType: null,
        actor: { kind: 'TRUST_POLICY', id: policyId, name: MAIN },
      },
      {
        action: 'provisionInstance',
        outcome: 'OK',
        errorType: null,
        actor: { kind: 'TRUST_POLICY', id: policyId, name: MAIN },
      },
      {
        action: 'createWebhook',
        outcome: 'ERROR',
        errorType: 'ForbiddenError',
        actor: { kind: 'TRUST_POLICY', id: policyId, name: MAIN },
      },
    ]);
    const listed = await gql(t, admin.token, 'query { trustPolicies { id lastUsedAt } }');
    expect(listed.trustPolicies.find((p: { id: string }) => p.id === policyId).lastUsedAt).not.toBeNull();

    // 59 s on it still works; at 61 s it is refused.
    vi.setSystemTime(Date.now() + 59_000);
    expect((await graphql(body.access_token, 'query { viewer { scopes } }')).status).toBe(200);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await graphql(body.access_token, 'query { viewer { scopes } }')).status).toBe(401);
  });

  it('refuses with a bare 401: another branch, another audience, an expired JWT, an unknown key, a wrong form', async () => {
    await createPolicy(admin.token, { scopes: ['READ'], tokenTtlSeconds: 60 });
    const stranger = await generateKeyPair('RS256');
    const cases: [string, Promise<Response>][] = [
      ['dev branch', exchange(await ciToken({ sub: 'repo:acme/shop:ref:refs/heads/dev' }))],
      ['another repo', exchange(await ciToken({ sub: 'repo:acme/shop-evil:ref:refs/heads/main' }))],
      ['a longer subject', exchange(await ciToken({ sub: `${MAIN}-evil` }))],
      ['another audience', exchange(await ciToken({ aud: 'someone-else' }))],
      ['expired', exchange(await ciToken({ exp: Math.floor(Date.now() / 1000) - 10 }))],
      [
        'signed by a key the issuer does not publish',
        exchange(
          await new SignJWT({ iss: issuer, aud: AUDIENCE, sub: MAIN })
            .setProtectedHeader({ alg: 'RS256', kid: 'ci-1' })
            .setExpirationTime('5m')
            .sign(stranger.privateKey),
        ),
      ],
      ['wrong grant type', exchange(await ciToken(), { grant_type: 'client_credentials' })],
      ['not a JWT', exchange('not-a-jwt')],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      expect(res.status, what).toBe(401);
      expect(await res.text(), what).toBe('{"error":"invalid_grant"}');
    }
  });

  it('picks up a rotated key from the JWKS', async () => {
    await createPolicy(admin.token, { scopes: ['READ'], tokenTtlSeconds: 60 });
    expect((await exchange(await ciToken())).status).toBe(200);
    const rotated = await newKey('ci-2');
    published = [rotated.jwk];
    const before = jwksFetches;
    // An unknown key id makes jose fetch the set again once its 30-s cooldown has passed.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    const res = await exchange(await ciToken({}, rotated));
    expect(res.status).toBe(200);
    expect(jwksFetches).toBeGreaterThan(before);
  });

  it('never grants SYSTEM nor more than its creator holds; checks issuer and lifetime by field', async () => {
    const system = await createPolicy(admin.token, { scopes: ['READ', 'SYSTEM'] });
    expect(system.__typename).toBe('ValidationError');
    expect(system.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toContain('input.scopes');
    const wider = await createPolicy(admin.token, { scopes: ['READ', 'SECRETS_WRITE'] });
    expect(wider).toMatchObject({ __typename: 'ForbiddenError', requiredScope: 'SECRETS_WRITE' });
    const plain = await createPolicy(admin.token, { scopes: ['READ'], issuer: 'http://ci.example.com' });
    expect(plain.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(['input.issuer']);
    const short = await createPolicy(admin.token, { scopes: ['READ'], tokenTtlSeconds: 5 });
    expect(short.fieldErrors.map((e: { path: string[] }) => e.path.join('.'))).toEqual(['input.tokenTtlSeconds']);
    const deployer = await t.newToken(admin.tenantId, [Scopes.read, Scopes.deploy]);
    const noAdmin = await createPolicy(deployer, { scopes: ['READ'] });
    expect(noAdmin.__typename).toBe('ForbiddenError');
  });

  it('a deleted policy exchanges nothing; another tenant neither sees nor deletes it', async () => {
    const other = await t.newTenant([Scopes.read, Scopes.admin]);
    const made = await createPolicy(admin.token, {
      scopes: ['READ'],
      subjectPattern: 'repo:acme/other:*', // every ref of acme/other
      tokenTtlSeconds: 60,
    });
    const id = made.trustPolicy.id;
    const sub = 'repo:acme/other:ref:refs/heads/feature';
    expect((await exchange(await ciToken({ sub }))).status).toBe(200);
    const theirs = await gql(t, other.token, 'query { trustPolicies { id } }');
    expect(theirs.trustPolicies).toEqual([]);
    const foreign = await gql(t, other.token, DELETE_POLICY, { i: { id } });
    expect(foreign.deleteTrustPolicy.__typename).toBe('NotFoundError');
    const gone = await gql(t, admin.token, DELETE_POLICY, { i: { id } });
    expect(gone.deleteTrustPolicy).toEqual({ __typename: 'DeleteTrustPolicyPayload', id });
    expect((await exchange(await ciToken({ sub }))).status).toBe(401);
  });
});

function localOf(globalId: string): string {
  return Buffer.from(globalId, 'base64').toString('utf8').split(':')[1]!;
}
