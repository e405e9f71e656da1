/**
 * Every mutation is rate limited per token: each root Mutation field's result
 * union has a RateLimitedError member (read from the schema, so a new mutation
 * cannot land without it), and the exec, cancel, secret, token and tenant
 * mutations, called past a token's allowance (1 a minute here) with input that
 * would otherwise succeed, answer RateLimitedError with Retry-After and change
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import { isUnionType } from 'graphql';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, Scopes } from '../../src/control/scopes.js';
import { buildSchema } from '../../src/schema/index.js';
import { startTestApp, type TestApp, tenantRowCounts } from '../support/app.js';
import { globalId, RawClient, type SeededTenant, seedTenant } from '../support/seed.js';

const schema = buildSchema();

interface Case {
  field: string;
  /** The mutation, selecting `__typename` and RateLimitedError's wait. */
  query: string;
  /** Input that would succeed (or, for exec and cancel, be looked up) were the token not out of allowance. */
  input: () => Promise<Record<string, unknown>>;
}

const call = (field: string, inputType: string) =>
  `mutation($input: ${inputType}!) { ${field}(input: $input) { __typename ... on RateLimitedError { retryAfterSeconds } } }`;

describe('every mutation is rate limited per token', () => {
  let t: TestApp;
  let client: RawClient;
  let operator: SeededTenant;

  beforeAll(async () => {
    t = await startTestApp({ config: { mutationRateLimitPerMinute: 1 } });
    client = new RawClient(t.url);
    operator = await seedTenant(t);
  });

  afterAll(async () => {
    await t?.stop();
  });

  it('lists RateLimitedError in every mutation result union', () => {
    const missing = Object.values(schema.getMutationType()?.getFields() ?? {})
      .filter((f) => {
        const type = f.type.toString().replace(/!$/, '');
        const named = schema.getType(type);
        return !isUnionType(named) || !named.getTypes().some((m) => m.name === 'RateLimitedError');
      })
      .map((f) => f.name);
    expect(missing).toEqual([]);
  });

  /** A fresh token of the operator's tenant with every scope, for one setup step (each token has its own allowance). */
  const freshToken = () => t.newToken(operator.tenantId, ALL_SCOPES);

  async function putSecret(key: string): Promise<void> {
    const r = await client.data<{ putSecret: { __typename: string } }>(
      await freshToken(),
      call('putSecret', 'PutSecretInput'),
      {
        input: { key, value: 'v' },
      },
    );
    expect(r.putSecret.__typename).toBe('PutSecretPayload');
  }

  const cases: Case[] = [
    {
      field: 'execInstance',
      query: call('execInstance', 'ExecInstanceInput'),
      input: async () => ({ instanceId: globalId('Instance', randomUUID()), command: ['true'] }),
    },
    {
      field: 'cancelOperation',
      query: call('cancelOperation', 'CancelOperationInput'),
      input: async () => ({ operationId: globalId('Operation', randomUUID()) }),
    },
    {
      field: 'putSecret',
      query: call('putSecret', 'PutSecretInput'),
      input: async () => ({ key: `rl-${randomUUID().slice(0, 8)}`, value: 'v' }),
    },
    {
      field: 'deleteSecret',
      query: call('deleteSecret', 'DeleteSecretInput'),
      input: async () => {
        const key = `rl-${randomUUID().slice(0, 8)}`;
        await putSecret(key);
        return { key };
      },
    },
    {
      field: 'createTenant',
      query: call('createTenant', 'CreateTenantInput'),
      input: async () => ({ name: `rl-${randomUUID().slice(0, 8)}` }),
    },
    {
      field: 'createApiToken',
      query: call('createApiToken', 'CreateApiTokenInput'),
      input: async () => ({ name: `rl-${randomUUID().slice(0, 8)}`, scopes: ['READ'] }),
    },
    {
      field: 'revokeApiToken',
      query: call('revokeApiToken', 'RevokeApiTokenInput'),
      input: async () => ({ id: (await seedTenant(t, [Scopes.read])).tokenGlobalId }),
    },
  ];

  /** What a limited call could have changed: the operator tenant's rows, all tokens and revocations, all tenants. */
  async function footprint(): Promise<unknown> {
    const db = t.database.db;
    const counts = await sql<{ tenants: number; tokens: number; revoked: number }>`
      select (select count(*) from tenants)::int as tenants,
             (select count(*) from api_tokens)::int as tokens,
             (select count(revoked_at) from api_tokens)::int as revoked`.execute(db);
    return { tenant: await tenantRowCounts(db, operator.tenantId), ...counts.rows[0] };
  }

  for (const c of cases) {
    it(`refuses ${c.field} past the token's allowance with RateLimitedError and Retry-After, changing nothing`, async () => {
      const token = await freshToken();
      // The first call spends the token's one mutation of the minute, whatever it answers.
      const first = await client.request(token, c.query, { input: await c.input() });
      const spent = first.body.data?.[c.field] as { __typename: string } | undefined;
      expect(spent?.__typename, first.text).toBeTruthy();
      expect(spent?.__typename, first.text).not.toBe('RateLimitedError');

      const input = await c.input();
      const before = await footprint();
      const r = await client.request(token, c.query, { input });
      expect(r.status).toBe(200);
      const result = r.body.data?.[c.field] as { __typename: string; retryAfterSeconds: number };
      expect(result.__typename, r.text).toBe('RateLimitedError');
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get('retry-after'))).toBe(result.retryAfterSeconds);
      expect(await footprint(), `${c.field}: a limited call changed something`).toEqual(before);
    });
  }
});
