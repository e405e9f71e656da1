/** `nodes(ids)` takes at most MAX_NODE_IDS ids; beyond, a BAD_USER_INPUT error naming the argument and no loads. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NODE_IDS } from '../../src/schema/builder.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { globalId, RawClient, type SeededTenant, seedTenant } from '../support/seed.js';

const NODES = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';

describe('nodes(ids) limit', () => {
  let t: TestApp;
  let client: RawClient;
  let tenant: SeededTenant;

  beforeAll(async () => {
    t = await startTestApp();
    client = new RawClient(t.url);
    tenant = await seedTenant(t);
  });

  afterAll(async () => {
    await t?.stop();
  });

  const idsOf = (n: number, first: string) => [
    first,
    ...Array.from({ length: n - 1 }, () => globalId('Instance', randomUUID())),
  ];

  it('answers exactly the cap, in order, unknown ids as null', async () => {
    const ids = idsOf(MAX_NODE_IDS, tenant.tenantGlobalId);
    const data = await client.data<{ nodes: ({ id: string } | null)[] }>(tenant.token, NODES, { ids });
    expect(data.nodes).toHaveLength(MAX_NODE_IDS);
    expect(data.nodes[0]).toEqual({ id: tenant.tenantGlobalId });
    expect(data.nodes.slice(1).every((n) => n === null)).toBe(true);
  });

  it('refuses one id more with BAD_USER_INPUT naming ids, and no data', async () => {
    const r = await client.request(tenant.token, NODES, { ids: idsOf(MAX_NODE_IDS + 1, tenant.tenantGlobalId) });
    expect(r.status).toBe(200);
    expect(r.body.data ?? null).toBeNull();
    expect(
      r.body.errors?.map((e) => e.extensions?.code),
      r.text,
    ).toEqual(['BAD_USER_INPUT']);
    expect(r.body.errors?.[0]?.path).toEqual(['nodes']);
    expect(r.body.errors?.[0]?.message).toMatch(/\bids\b.*at most 100/);
    expect(r.text).not.toContain(tenant.tenantGlobalId);
  });
});
