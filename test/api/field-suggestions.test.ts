import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_MASK } from '../../src/server/field-suggestions.js';
import { startTestApp, type TestApp } from '../support/app.js';

/** A typo GraphQL answers with "Did you mean "viewer"?" when it may. */
const TYPO = '{ viewr { scopes } }';

/** POSTs `query` raw (a typed document cannot hold a typo) and returns the status and the error messages. */
async function post(url: string, token: string | undefined, query: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { errors?: { message: string }[] };
  return { status: res.status, messages: (body.errors ?? []).map((e) => e.message) };
}

describe('field suggestions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('a validation error for a typo carries "Did you mean" for a request with a token', async () => {
    const tenant = await t.newTenant(['read']);
    const r = await post(t.url, tenant.token, TYPO);
    expect(r.status).toBe(400);
    expect(r.messages).toEqual(['Cannot query field "viewr" on type "Query". Did you mean "viewer"?']);
  });

  it('hides the suggestion from a request without a token or with an unknown one', async () => {
    for (const token of [undefined, 'whk_not-a-real-token']) {
      const r = await post(t.url, token, TYPO);
      expect(r.status).toBe(400);
      expect(r.messages).toEqual([`Cannot query field "viewr" on type "Query". ${SUGGESTION_MASK}`]);
    }
  });

  it('a hidden suggestion is not remembered for the next caller of the same document', async () => {
    // Yoga caches validation by document: an anonymous miss first, then a signed-in caller.
    const typo = '{ viewer { scope } }';
    expect((await post(t.url, undefined, typo)).messages[0]).toContain(SUGGESTION_MASK);
    const tenant = await t.newTenant(['read']);
    expect((await post(t.url, tenant.token, typo)).messages).toEqual([
      'Cannot query field "scope" on type "Viewer". Did you mean "scopes" or "role"?',
    ]);
    expect((await post(t.url, undefined, typo)).messages[0]).toContain(SUGGESTION_MASK);
  });
});
