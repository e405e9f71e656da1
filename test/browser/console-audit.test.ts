import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { skipUnless } from '../support/env.js';
import { RawClient } from '../support/seed.js';

/**
 * The console's Audit page in a real browser: an auditor's token (AUDIT alone) sees
 * the entries, a new one appears without a reload, the filters narrow them, and
 * "Verify chain" answers from the server.
 */

const CHROMIUM = '/usr/bin/chromium';
const noBrowser = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);
const PUT = 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }';

describe.skipIf(noBrowser)('console: Audit', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    t = await startTestApp();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('lists the entries live, filters them, and verifies the chain', async () => {
    const tenant = await t.newTenant();
    const auditor = await t.newToken(tenant.tenantId, ['audit']);
    const reader = await t.newToken(tenant.tenantId, ['read']);
    const client = new RawClient(t.url);
    await client.data(tenant.token, PUT, { i: { key: 'first', value: 'v' } });
    await client.data(reader, PUT, { i: { key: 'refused', value: 'v' } });

    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto(`${new URL(t.url).origin}/`);
    await page.locator('input[name="token"]').fill(auditor);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Audit' }).click();

    const table = page.getByRole('table', { name: 'Audit entries' });
    const rows = table.locator('tbody tr');
    await table.getByText('ForbiddenError').waitFor();
    await expect.poll(() => rows.count()).toBe(2);

    // A new entry shows up without a reload (the page re-reads every 2 s).
    await client.data(tenant.token, 'mutation($i: DeleteSecretInput!) { deleteSecret(input: $i) { __typename } }', {
      i: { key: 'first' },
    });
    await table.getByText('deleteSecret').waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('deleteSecret');

    // A filter narrows the log to one action.
    await page.locator('input[name="action"]').fill('putSecret');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await table.getByText('deleteSecret').count()).toBe(0);

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('The chain verifies: 3 entries.');
    await context.close();
  }, 120_000);
});
