/**
 * Sign-in with OpenID Connect against a real provider (oidc-provider, in-process): the
 * session cookie, the role from the `groups` claim, refusal of a person in no mapped group,
 * the CSRF header for cookie requests, sign-out, websockets on the cookie, and tokens
 * working exactly as before.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_BOOTSTRAP_TOKEN, type TestApp } from '../support/app.js';
import { IDP_USERS, type IdentityProvider } from '../support/identity-provider.js';
import { jarFetch, signInOverHttp, startSignInApp } from '../support/sign-in.js';

const VIEWER = 'query { viewer { scopes role token { id } user { email name role subject issuer lastSignInAt } } }';
const CREATE_TOKEN = `mutation { createApiToken(input: { name: "x", scopes: [READ] }) {
  __typename ... on ForbiddenError { message requiredScope } } }`;
const provision = (provider: string, name: string) => ({
  query: `mutation($i: ProvisionInstanceInput!) { provisionInstance(input: $i) {
    __typename ... on ProvisionInstancePayload { instance { id name } } ... on ForbiddenError { message } } }`,
  variables: { i: { name, provider, services: [{ name: 'main', image: 'registry.example.com/web:1' }] } },
});

describe('sign-in with OpenID Connect', () => {
  let idp: IdentityProvider;
  let t: TestApp;
  let origin: string;
  let providerKey: string;
  let stop: () => Promise<void>;

  /** A GraphQL request on the session cookie; `csrf` adds the console's header. */
  const onCookie = (session: string, body: object, o: { csrf?: boolean; origin?: string } = {}) =>
    fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `wheelhouse_session=${session}`,
        ...(o.csrf === false ? {} : { 'x-wheelhouse-csrf': '1' }),
        ...(o.origin ? { origin: o.origin } : {}),
      },
      body: JSON.stringify(body),
    });
  const instanceCount = async (name: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from instances where name = ${name}`.execute(t.database.db))
      .rows[0]!.n;

  beforeAll(async () => {
    ({ idp, t, origin, providerKey, stop } = await startSignInApp());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('signs a person of `deployers` in as DEPLOYER: an HttpOnly SameSite=Lax cookie whose id is stored only hashed', async () => {
    const { callback, session } = await signInOverHttp(origin, idp, 'dora');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    const cookie = callback.headers.getSetCookie().find((c) => c.startsWith('wheelhouse_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; Secure behind https
    expect(session).toBeTruthy();
    const rows = await sql<{ session_hash: string; expires_at: Date; created_at: Date }>`
      select s.session_hash, s.expires_at, s.created_at from sessions s join users u on u.id = s.user_id
      where u.subject = 'dora'`.execute(t.database.db);
    expect(rows.rows.map((r) => r.session_hash)).toContain(createHash('sha256').update(session!).digest('hex'));
    const dump = JSON.stringify((await sql`select * from sessions`.execute(t.database.db)).rows);
    expect(dump).not.toContain(session!);
    const lifetime = rows.rows[0]!.expires_at.getTime() - rows.rows[0]!.created_at.getTime();
    expect(Math.abs(lifetime - 12 * 3600_000)).toBeLessThan(5000);

    // A read over GET needs no CSRF header (it changes nothing); a POST carries it.
    const got = await fetch(`${origin}/graphql?query=${encodeURIComponent(VIEWER)}`, {
      headers: { cookie: `wheelhouse_session=${session}`, accept: 'application/json' },
    });
    expect(((await got.json()) as any).data.viewer.role).toBe('DEPLOYER');
    const viewer = (await (await onCookie(session!, { query: VIEWER })).json()) as any;
    expect(viewer.errors).toBeUndefined();
    expect(viewer.data.viewer.role).toBe('DEPLOYER');
    expect(viewer.data.viewer.token).toBeNull();
    expect([...viewer.data.viewer.scopes].sort()).toEqual(['DEPLOY', 'EXEC', 'READ']);
    expect(viewer.data.viewer.user).toMatchObject({
      email: IDP_USERS.dora!.email,
      name: IDP_USERS.dora!.name,
      role: 'DEPLOYER',
      subject: 'dora',
      issuer: idp.issuer,
    });
  });

  it('a DEPLOYER deploys on the cookie but cannot create a token (ForbiddenError)', async () => {
    const { session } = await signInOverHttp(origin, idp, 'dora');
    const name = `sso-${randomUUID().slice(0, 8)}`;
    const made = (await (await onCookie(session!, provision(providerKey, name))).json()) as any;
    expect(made.data.provisionInstance.__typename).toBe('ProvisionInstancePayload');
    expect(await instanceCount(name)).toBe(1);
    const refused = (await (await onCookie(session!, { query: CREATE_TOKEN })).json()) as any;
    expect(refused.data.createApiToken.__typename).toBe('ForbiddenError');
    expect(await sql`select 1 from api_tokens where name = 'x'`.execute(t.database.db)).toMatchObject({ rows: [] });

    // The audit log has her sign-in, her provision and the refusal, each with her as the actor.
    const user = await sql<{ id: string }>`select id from users where subject = 'dora'`.execute(t.database.db);
    const actorId = Buffer.from(`User:${user.rows[0]!.id}`).toString('base64');
    const logged = await sql<{ action: string; outcome: string; error_type: string | null; actor_kind: string }>`
      select action, outcome, error_type, actor_kind from audit_entries where actor_id = ${actorId}
      order by seq desc limit 3`.execute(t.database.db);
    expect(logged.rows.reverse()).toEqual([
      { action: 'auth.signIn', outcome: 'OK', error_type: null, actor_kind: 'USER' },
      { action: 'provisionInstance', outcome: 'OK', error_type: null, actor_kind: 'USER' },
      { action: 'createApiToken', outcome: 'ERROR', error_type: 'ForbiddenError', actor_kind: 'USER' },
    ]);
  });

  it('refuses a person in no mapped group: a 403 page and no session', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(t.database.db)).rows[0]!
      .n;
    const { callback, session } = await signInOverHttp(origin, idp, 'nora');
    expect(callback.status).toBe(403);
    expect(await callback.text()).toMatch(/no group/);
    expect(session).toBeUndefined();
    const after = (await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(t.database.db)).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('reads the role again at each sign-in: out of the group, no access', async () => {
    const dora = IDP_USERS.dora!;
    const groups = dora.groups;
    dora.groups = ['staff'];
    try {
      const { callback, session } = await signInOverHttp(origin, idp, 'dora');
      expect(callback.status).toBe(403);
      expect(session).toBeUndefined();
    } finally {
      dora.groups = groups;
    }
    const admin = await signInOverHttp(origin, idp, 'ada');
    const viewer = (await (await onCookie(admin.session!, { query: VIEWER })).json()) as any;
    expect(viewer.data.viewer.role).toBe('ADMIN');
    expect(viewer.data.viewer.scopes).not.toContain('SYSTEM');
  });

  it('a cookie POST without the CSRF header changes nothing (403), nor does one from another site', async () => {
    const { session } = await signInOverHttp(origin, idp, 'dora');
    const name = `csrf-${randomUUID().slice(0, 8)}`;
    const bare = await onCookie(session!, provision(providerKey, name), { csrf: false });
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as any).errors[0].extensions.code).toBe('CSRF');
    // A cross-site form: text/plain, no custom header, the other site's Origin.
    const form = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        cookie: `wheelhouse_session=${session}`,
        origin: 'https://evil.example',
      },
      body: JSON.stringify(provision(providerKey, name)),
    });
    expect(form.status).toBe(403);
    expect(await instanceCount(name)).toBe(0);
    // The same request with the header does change it: the refusal above was the header's doing.
    const ok = (await (await onCookie(session!, provision(providerKey, name))).json()) as any;
    expect(ok.data.provisionInstance.__typename).toBe('ProvisionInstancePayload');
    expect(await instanceCount(name)).toBe(1);
  });

  it('tokens work as before, whatever cookie comes with them', async () => {
    const { session } = await signInOverHttp(origin, idp, 'dora');
    const res = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${TEST_BOOTSTRAP_TOKEN}`,
        cookie: `wheelhouse_session=${session}`,
      },
      body: JSON.stringify({ query: VIEWER }),
    });
    const body = (await res.json()) as any;
    expect(body.data.viewer.token).not.toBeNull();
    expect(body.data.viewer.user).toBeNull();
    expect(body.data.viewer.role).toBeNull();
    expect(body.data.viewer.scopes).toContain('SYSTEM');
  });

  it('a websocket opens on the cookie, and sign-out closes it; afterwards the cookie opens nothing', async () => {
    const { session, jar } = await signInOverHttp(origin, idp, 'dora');
    const closed = new Promise<number>((resolve) => {
      const client = createClient({
        url: t.wsUrl,
        retryAttempts: 0,
        webSocketImpl: class extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { headers: { cookie: `wheelhouse_session=${session}` } });
          }
        },
        on: { closed: (e) => resolve((e as { code: number }).code) },
      });
      client.subscribe(
        { query: 'query { viewer { role } }' },
        { next: (r) => expect((r.data as any)?.viewer?.role).toBe('DEPLOYER'), error: () => {}, complete: () => {} },
      );
      // Keep the socket open after the query: a subscription that waits.
      client.subscribe(
        { query: 'subscription { events { __typename } }' },
        { next: () => {}, error: () => {}, complete: () => {} },
      );
    });
    // Give the socket time to open before signing out.
    await new Promise((r) => setTimeout(r, 500));
    const noHeader = await jarFetch(jar, `${origin}/auth/logout`, { method: 'POST' });
    expect(noHeader.status).toBe(403);
    const out = await jarFetch(jar, `${origin}/auth/logout`, { method: 'POST', headers: { 'x-wheelhouse-csrf': '1' } });
    expect(out.status).toBe(204);
    expect(await closed).toBe(4401);
    const after = await onCookie(session!, { query: VIEWER });
    expect(after.status).toBe(401);
    const ended = await sql<{
      ended_at: Date | null;
    }>`select ended_at from sessions where session_hash = ${createHash('sha256').update(session!).digest('hex')}`.execute(
      t.database.db,
    );
    expect(ended.rows[0]!.ended_at).not.toBeNull();
  });
});
