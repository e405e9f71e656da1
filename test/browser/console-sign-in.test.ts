/**
 * The console's "Sign in with your organisation", in Chromium, against a real OpenID provider
 * (oidc-provider in-process, its own login form): a person of `deployers` comes back signed in
 * as DEPLOYER on the session cookie, deploys, cannot create a token; a person in no mapped
 * group is refused; after sign-out the cookie opens nothing.
 */

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import type { TestApp } from '../support/app.js';
import { skipUnless } from '../support/env.js';
import type { IdentityProvider } from '../support/identity-provider.js';
import { startSignInApp } from '../support/sign-in.js';

const CHROMIUM = '/usr/bin/chromium';
const skip = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);

/** Runs a GraphQL operation from the page, as the console does: same origin, the cookie, the CSRF header. */
function fromPage(page: Page, query: string, variables: object = {}, csrf = true) {
  return page.evaluate(
    async ({ query, variables, csrf }) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(csrf ? { 'x-wheelhouse-csrf': '1' } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    },
    { query, variables, csrf },
  );
}

describe.skipIf(skip)('console sign-in with the identity provider', () => {
  let idp: IdentityProvider;
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let providerKey: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    ({ idp, t, origin, providerKey, stop } = await startSignInApp());
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await stop?.();
  });

  async function newPage(): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    return { page: await context.newPage(), context };
  }

  /** From the console's sign-in page through the provider's login form. */
  async function signInAs(page: Page, login: string): Promise<void> {
    await page.goto(`${origin}/`);
    await page.getByTestId('sso-sign-in').click();
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button.login-submit').click();
  }

  it('a deployer signs in, deploys, cannot create a token, and signs out for good', async () => {
    const { page, context } = await newPage();
    await signInAs(page, 'dora');
    await page.locator('nav.topbar').waitFor();
    expect(await page.locator('nav.topbar .who').textContent()).toContain('dora@acme.test (deployer)');
    const cookie = (await context.cookies(origin)).find((c) => c.name === 'wheelhouse_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The console works on the cookie: its pages load, the Provision link is offered.
    await page.locator('nav.topbar').getByRole('link', { name: 'Provision', exact: true }).waitFor();
    await page.locator('nav.topbar').getByRole('link', { name: 'Instances', exact: true }).click();

    const name = `sso-${randomUUID().slice(0, 8)}`;
    const deployed = await fromPage(
      page,
      'mutation($i: ProvisionInstanceInput!) { provisionInstance(input: $i) { __typename } }',
      { i: { name, provider: providerKey, services: [{ name: 'main', image: 'registry.example.com/web:1' }] } },
    );
    expect(deployed.body.data.provisionInstance.__typename).toBe('ProvisionInstancePayload');
    const rows = await sql`select id from instances where name = ${name}`.execute(t.database.db);
    expect(rows.rows).toHaveLength(1);
    // The new instance shows up in the console's list, read on the cookie.
    await page.goto(`${origin}/instances`);
    await page.getByText(name).first().waitFor();

    await page.goto(`${origin}/tokens`);
    await page.getByText('Tokens need the ADMIN scope.').waitFor();
    const token = await fromPage(
      page,
      'mutation { createApiToken(input: { name: "from-the-page", scopes: [READ] }) { __typename ... on ForbiddenError { message } } }',
    );
    expect(token.body.data.createApiToken.__typename).toBe('ForbiddenError');
    // Without the CSRF header even the signed-in page changes nothing.
    const bare = await fromPage(page, 'mutation { deprovisionInstance(input: { id: "x" }) { __typename } }', {}, false);
    expect(bare.status).toBe(403);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('input[name="token"]').waitFor();
    expect((await context.cookies(origin)).find((c) => c.name === 'wheelhouse_session')).toBeUndefined();
    // The old cookie, sent by hand, opens nothing.
    const after = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wheelhouse-csrf': '1',
        cookie: `wheelhouse_session=${cookie!.value}`,
      },
      body: JSON.stringify({ query: '{ viewer { scopes } }' }),
    });
    expect(after.status).toBe(401);
    // A reload stays signed out.
    await page.reload();
    await page.locator('input[name="token"]').waitFor();
    expect(await page.locator('nav.topbar').count()).toBe(0);
  });

  it('a person in no mapped group is refused: a 403 page and no session cookie', async () => {
    const { page, context } = await newPage();
    await signInAs(page, 'nora');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect((await context.cookies(origin)).find((c) => c.name === 'wheelhouse_session')).toBeUndefined();
    await page.goto(`${origin}/`);
    await page.locator('input[name="token"]').waitFor();
    expect(await page.locator('nav.topbar').count()).toBe(0);
  });
});
