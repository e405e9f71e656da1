import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.js';
import { execute, query, startTestApp, type TestApp } from '../support/app.js';

const Viewer = graphql(`
  query Viewer {
    viewer {
      scopes
      tenant { id name }
      token { name scopes }
    }
  }
`);

describe('viewer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('answers a request without a token with 401', async () => {
    const r = await execute(t.url, undefined, Viewer);
    expect(r.status).toBe(401);
    expect(r.data ?? null).toBeNull();
  });

  it('answers a request with an unknown token with 401', async () => {
    const r = await execute(t.url, 'whk_not-a-real-token', Viewer);
    expect(r.status).toBe(401);
  });

  it('shows the calling token, its scopes and its tenant', async () => {
    const tenant = await t.newTenant(['read', 'exec']);
    const data = await query(t.url, tenant.token, Viewer);
    expect(data.viewer.tenant.name).toBe(tenant.tenantName);
    expect(data.viewer.scopes.sort()).toEqual(['EXEC', 'READ']);
    expect(data.viewer.token?.scopes.sort()).toEqual(['EXEC', 'READ']);
  });
});
