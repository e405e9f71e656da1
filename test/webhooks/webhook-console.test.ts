import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutSecretDocument } from '../../src/client/generated/graphql.js';
import { loadConfig } from '../../src/config.js';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { query, startTestApp, type TestApp } from '../support/app.js';
import { skipUnless } from '../support/env.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** The console's Webhooks page in a real browser: create (secret shown once), and the delivery log updating live. */

const CHROMIUM = '/usr/bin/chromium';
const noBrowser = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);

describe.skipIf(noBrowser)('console: Webhooks', () => {
  let t: TestApp;
  let browser: Browser;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await ensureConsoleBuilt();
    const base = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test', LOG_LEVEL: 'silent' });
    t = await startTestApp({
      config: { webhooks: { ...base.webhooks, allowPrivate: true, retrySeconds: [3, 3], timeoutSeconds: 2 } },
      webhooks: { pollMs: 100 },
    });
    await receiver.listen();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await receiver.close();
    await t?.stop();
  });

  it('creates a webhook, shows its secret once, and the delivery log follows attempts without a reload', async () => {
    const tenant = await t.newTenant();
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const origin = new URL(t.url).origin;
    await page.goto(`${origin}/`);
    await page.locator('input[name="token"]').fill(tenant.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();

    await page.locator('input[name="url"]').fill(receiver.url);
    await page.locator('input[name="eventTypes"]').fill('secret.*');
    await page.locator('input[name="description"]').fill('chat notifications');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    const secret = (await page.locator('.banner.ok code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets = [secret];

    // The first attempt fails, the retry 3 s later succeeds: the log (re-read every 2 s) shows both, live.
    receiver.answer = (_m, nth) => (nth === 1 ? 503 : 200);
    await query(t.url, tenant.token, PutSecretDocument, { input: { key: 'database-password', value: 'v' } });
    const log = page.getByRole('table', { name: 'Deliveries' });
    await log.getByText('the receiver answered 503').waitFor();
    await log.getByText('SUCCEEDED').waitFor();
    await log.getByText('secret.put').waitFor();
    expect(receiver.received.map((m) => m.answered)).toEqual([503, 200]);
    expect(receiver.received[1]!.verifiedBy).toEqual([secret]);
    // WHEELHOUSE_DOCS_SCREENSHOTS=1 refreshes the picture in docs/webhooks.md.
    if (process.env.WHEELHOUSE_DOCS_SCREENSHOTS === '1') {
      await page.screenshot({ path: 'docs/webhooks-console.png', fullPage: true });
    }
    await context.close();
  }, 120_000);
});
