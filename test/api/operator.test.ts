/**
 * The operator's reach across tenants: a SYSTEM token lists every tenant, lists
 * and revokes any tenant's tokens, and each such action is an audit event in
 * the tenant concerned with the SYSTEM token as actor. ADMIN stays inside its
 * own tenant.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '../../src/control/scopes.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { globalId, RawClient, type SeededTenant, seedTenant } from '../support/seed.js';

const TENANTS = `query($first: Int, $after: String) {
  tenants(first: $first, after: $after) { edges { cursor node { id name } } pageInfo { hasNextPage endCursor } }
}`;
const TOKENS = `query($tenantId: ID) { apiTokens(first: 100, tenantId: $tenantId) { edges { node { id name revokedAt } } } }`;
const REVOKE = `mutation($id: ID!) { revokeApiToken(input: { id: $id }) {
  __typename ... on RevokeApiTokenPayload { apiToken { id revokedAt } } ... on Error { message }
} }`;
const VIEWER = 'query { viewer { scopes } }';

interface EventRow {
  type: string;
  actor_token_id: string | null;
  data: unknown;
}

describe('operator (SYSTEM) actions across tenants', () => {
  let t: TestApp;
  let client: RawClient;
  let operator: SeededTenant;
  let tenantA: SeededTenant;
  let adminB: SeededTenant;

  beforeAll(async () => {
    t = await startTestApp();
    client = new RawClient(t.url);
    operator = await seedTenant(t);
    tenantA = await seedTenant(t, [Scopes.read, Scopes.admin]);
    adminB = await seedTenant(t, [Scopes.read, Scopes.admin]);
  });

  afterAll(async () => {
    await t?.stop();
  });

  async function eventsOf(tenantId: string, type: string): Promise<EventRow[]> {
    const r = await sql<EventRow>`
      select type, actor_token_id, data from events where tenant_id = ${tenantId} and type = ${type} order by id`.execute(
      t.database.db,
    );
    return r.rows;
  }

  it('lists every tenant page by page, and records each listing in the operator tenant', async () => {
    // A small page size, so the three tenants made here span pages (the database may hold others' tenants too).
    const size = 2;
    const seen: string[] = [];
    let pages = 0;
    let after: string | null = null;
    for (;;) {
      const page: {
        tenants: { edges: { node: { id: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
      } = await client.data(operator.token, TENANTS, { first: size, after });
      pages++;
      expect(page.tenants.edges.length).toBeLessThanOrEqual(size);
      seen.push(...page.tenants.edges.map((e) => e.node.id));
      if (!page.tenants.pageInfo.hasNextPage) break;
      expect(page.tenants.edges.length).toBe(size);
      after = page.tenants.pageInfo.endCursor;
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size, 'no tenant twice').toBe(seen.length);
    for (const tenant of [operator, tenantA, adminB]) expect(seen).toContain(tenant.tenantGlobalId);
    // Newest first: the tenants made in beforeAll appear in reverse order of creation.
    const order = [adminB, tenantA, operator].map((x) => seen.indexOf(x.tenantGlobalId));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const listed = await eventsOf(operator.tenantId, 'tenant.listed');
    expect(listed).toHaveLength(pages);
    expect(listed.every((e) => e.actor_token_id === operator.tokenId)).toBe(true);
  });

  it('refuses tenants to a token without SYSTEM', async () => {
    const r = await client.request(adminB.token, TENANTS, { first: 5 });
    expect(r.body.data?.tenants ?? null).toBeNull();
    expect(r.body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it("lists another tenant's tokens for SYSTEM, recorded in that tenant", async () => {
    const before = (await eventsOf(tenantA.tenantId, 'token.listed')).length;
    const data = await client.data<{ apiTokens: { edges: { node: { id: string } }[] } }>(operator.token, TOKENS, {
      tenantId: tenantA.tenantGlobalId,
    });
    expect(data.apiTokens.edges.map((e) => e.node.id)).toEqual([tenantA.tokenGlobalId]);
    const listed = await eventsOf(tenantA.tenantId, 'token.listed');
    expect(listed.length).toBe(before + 1);
    expect(listed.at(-1)?.actor_token_id).toBe(operator.tokenId);
    // The operator's own listing is not about another tenant: nothing recorded in A's feed.
    await client.data(operator.token, TOKENS, {});
    expect((await eventsOf(tenantA.tenantId, 'token.listed')).length).toBe(before + 1);
  });

  it("answers ADMIN naming another tenant's tokens with FORBIDDEN, and its own tenant as before", async () => {
    const foreign = await client.request(adminB.token, TOKENS, { tenantId: tenantA.tenantGlobalId });
    expect(
      foreign.body.errors?.map((e) => e.extensions?.code),
      foreign.text,
    ).toEqual(['FORBIDDEN']);
    expect(foreign.text).not.toContain(tenantA.tokenGlobalId);
    const own = await client.data<{ apiTokens: { edges: { node: { id: string } }[] } }>(adminB.token, TOKENS, {
      tenantId: adminB.tenantGlobalId,
    });
    expect(own.apiTokens.edges.map((e) => e.node.id)).toEqual([adminB.tokenGlobalId]);
  });

  it('SYSTEM naming a tenant that does not exist gets NOT_FOUND', async () => {
    const r = await client.request(operator.token, TOKENS, {
      tenantId: globalId('Tenant', '00000000-0000-4000-8000-000000000000'),
    });
    expect(
      r.body.errors?.map((e) => e.extensions?.code),
      r.text,
    ).toEqual(['NOT_FOUND']);
  });

  it("lets ADMIN not revoke another tenant's token (NotFoundError), and SYSTEM revoke it, recorded in that tenant", async () => {
    const victim = await seedTenant(t, [Scopes.read, Scopes.admin]);
    const refused = await client.data<{ revokeApiToken: { __typename: string } }>(adminB.token, REVOKE, {
      id: victim.tokenGlobalId,
    });
    expect(refused.revokeApiToken.__typename).toBe('NotFoundError');
    expect((await client.request(victim.token, VIEWER)).status).toBe(200);

    const revoked = await client.data<{
      revokeApiToken: { __typename: string; apiToken: { id: string; revokedAt: string } };
    }>(operator.token, REVOKE, { id: victim.tokenGlobalId });
    expect(revoked.revokeApiToken.__typename, JSON.stringify(revoked)).toBe('RevokeApiTokenPayload');
    expect(revoked.revokeApiToken.apiToken.id).toBe(victim.tokenGlobalId);
    expect(revoked.revokeApiToken.apiToken.revokedAt).toBeTruthy();
    // The leaked token stops working at once.
    expect((await client.request(victim.token, VIEWER)).status).toBe(401);
    const events = await eventsOf(victim.tenantId, 'token.revoked');
    expect(events).toEqual([
      expect.objectContaining({
        actor_token_id: operator.tokenId,
        data: expect.objectContaining({ tokenId: victim.tokenId }),
      }),
    ]);
    expect(await eventsOf(operator.tenantId, 'token.revoked')).toEqual([]);
  });

  it('SYSTEM revoking a token that does not exist gets NotFoundError', async () => {
    const r = await client.data<{ revokeApiToken: { __typename: string } }>(operator.token, REVOKE, {
      id: globalId('ApiToken', '00000000-0000-4000-8000-000000000000'),
    });
    expect(r.revokeApiToken.__typename).toBe('NotFoundError');
  });
});
