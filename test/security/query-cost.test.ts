/**
 * The cost model (src/schema/node-cost.ts, src/server/query-cost.ts): nodes
 * counted as GitHub counts them. A dashboard's 10 instances × their 20 latest
 * operations (210 nodes) is answered; a million-node document is refused
 * before it runs, as QUERY_TOO_COMPLEX naming its cost and the limit, with 400
 * under application/graphql-response+json, over HTTP and over graphql-ws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/server/limits.js';
import { type TestApp, wsClient } from '../support/app.js';
import { RawClient, type SeededTenant, seedInstance, seedTenant, startSeedApp } from '../support/seed.js';

const DASHBOARD = `
  query Dashboard {
    instances(first: 10) {
      edges { node { id name operations(first: 20) { edges { node { id kind status } } } } }
    }
  }
`;

/** 100 + 100 × (100 + 100 × 100) = 1,010,100 nodes, within the depth and alias limits. */
const MILLION = `
  query Million($n: Int!) {
    instances(first: $n) { edges { node {
      events(first: $n) { edges { node {
        instance { operations(first: $n) { edges { node { id } } } }
      } } }
    } } }
  }
`;

describe('query cost', () => {
  let t: TestApp;
  let client: RawClient;
  let tenant: SeededTenant;

  beforeAll(async () => {
    ({ t } = await startSeedApp());
    client = new RawClient(t.url);
    tenant = await seedTenant(t);
    for (let i = 0; i < 10; i++) {
      await seedInstance(client, tenant.token, { name: `dash-${i}`, services: [{ name: 'main', image: 'x/y:1' }] });
    }
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers the 10 × 20 dashboard query, and reports its 210 nodes when asked', async () => {
    const r = await client.request(tenant.token, DASHBOARD, undefined, {
      body: JSON.stringify({ query: DASHBOARD, extensions: { cost: true } }),
    });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const edges = (r.body.data as { instances: { edges: { node: { operations: { edges: unknown[] } } }[] } }).instances
      .edges;
    expect(edges).toHaveLength(10);
    for (const e of edges) expect(e.node.operations.edges.length).toBeGreaterThanOrEqual(1);
    expect((r.body as { extensions?: unknown }).extensions).toEqual({
      cost: { nodes: 210, limit: REQUEST_LIMITS.maxNodes },
    });
    // Not asked: no extension.
    const plain = await client.request(tenant.token, DASHBOARD);
    expect((plain.body as { extensions?: unknown }).extensions).toBeUndefined();
  });

  it('refuses a million-node query before it runs: QUERY_TOO_COMPLEX, its cost and the limit, 400', async () => {
    const r = await client.request(tenant.token, MILLION, { n: 100 });
    expect(r.status).toBe(400);
    expect(r.body.errors).toHaveLength(1);
    const error = (r.body.errors ?? [])[0] as { message: string; extensions: Record<string, unknown> };
    expect(error.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(error.extensions.cost).toBe(1_010_100);
    expect(error.extensions.limit).toBe(REQUEST_LIMITS.maxNodes);
    expect(error.message).toContain('1010100');
    expect(error.message).toContain(String(REQUEST_LIMITS.maxNodes));
    expect(error.message).not.toMatch(/syntax/i);
    // Refused before execution: no data at all, not a null one.
    expect('data' in r.body).toBe(false);
    // The same document with small pages is under the limit and runs.
    const small = await client.request(tenant.token, MILLION, { n: 3 });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
  });

  it('keeps application/json at 200 for the refusal (GraphQL over HTTP), with the same error', async () => {
    const r = await client.request(tenant.token, MILLION, { n: 100 }, { headers: { accept: 'application/json' } });
    expect(r.status).toBe(200);
    expect(r.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses it over graphql-ws too, and the socket goes on serving', async () => {
    const ws = wsClient(t.wsUrl, tenant.token);
    try {
      const run = (query: string, variables: Record<string, unknown>) =>
        new Promise<{ errors?: { extensions?: Record<string, unknown> }[]; data?: unknown }>((resolve, reject) => {
          let last: unknown;
          ws.subscribe(
            { query, variables },
            {
              next: (v) => {
                last = v;
              },
              error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
              complete: () => resolve(last as never),
            },
          );
        });
      const refused = await run(MILLION, { n: 100 });
      expect(refused.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
      expect(refused.errors?.[0]?.extensions?.cost).toBe(1_010_100);
      expect(refused.data).toBeUndefined();
      const answered = await run(DASHBOARD, {});
      expect(answered.errors).toBeUndefined();
      expect((answered.data as { instances: { edges: unknown[] } }).instances.edges).toHaveLength(10);
    } finally {
      await ws.dispose();
    }
  });
});
