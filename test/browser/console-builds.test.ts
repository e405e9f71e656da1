/**
 * A service's builds in the web console, in Debian's Chromium against a real
 * server whose BUILD worker runs on a fake of OUR builder engine: a build
 * started while the instance page is open appears in its Builds panel
 * without a reload; its log view shows the lines as they are written, and
 * ends when the build does with every line once; the row then says
 * SUCCEEDED with its steps, the archive's digest and the release it made.
 * With WHEELHOUSE_SCREENSHOTS=1 it writes docs/images/console-builds.png.
 */
import { existsSync, openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packContext } from '../../src/cli/context-archive.js';
import { BuildServiceDocument, createWheelhouseClient, unwrap } from '../../src/client/index.js';
import { Registry } from '../../src/providers/registry.js';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { fakeBuilder } from '../cli/fake-builder.js';
import { gql, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { skipUnless } from '../support/env.js';
import { FakeProvider } from '../support/fake-provider.js';

const CHROMIUM = '/usr/bin/chromium';
const run = !skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);
const SCREENSHOTS = process.env.WHEELHOUSE_SCREENSHOTS === '1';

describe.runIf(run)('console: builds and their live log', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let browser: Browser;
  let dir: string;
  let instanceId: string;
  const builder = fakeBuilder();

  beforeAll(async () => {
    await ensureConsoleBuilt();
    const registry = new Registry();
    registry.register('fake', new FakeProvider({ engines: { builder: builder.engine } }));
    t = await startTestApp({ registry, executor: { pollMs: 50 } });
    tenant = await t.newTenant();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    dir = await mkdtemp(join(tmpdir(), 'wh-console-builds-'));
    const r = await gql(
      t,
      tenant.token,
      `mutation { provisionInstance(input: { name: "shop", provider: "fake", wait: true,
         services: [{ name: "web", image: "wheelhouse-test/web:1" }] }) {
         ... on ProvisionInstancePayload { instance { id } } } }`,
    );
    instanceId = r.provisionInstance.instance.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('shows a build started while the page is open, its log live to the end, then its outcome', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(`${new URL(t.url).origin}/`);
    await page.locator('input[name="token"]').fill(tenant.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('nav.topbar').waitFor();
    await page.goto(`${new URL(t.url).origin}/instances/${encodeURIComponent(instanceId)}`);
    await page.locator('[data-testid="instance-state"][data-state="RUNNING"]').waitFor();
    expect(await page.locator('[data-testid="builds"]').count()).toBe(0);

    // A build of 9 steps (FROM, 7 files, RUN), slow enough to be watched.
    await writeFile(join(dir, 'Dockerfile'), 'FROM busybox\n');
    for (let i = 0; i < 6; i++) await writeFile(join(dir, `part${i}.txt`), `part ${i}`);
    builder.pauseMs = 400;
    const archive = await packContext(dir);
    const wh = createWheelhouseClient({ url: t.url, token: tenant.token });
    const started = unwrap(
      (
        await wh.upload(
          BuildServiceDocument,
          { input: { instanceId, service: 'web', build: { source: { archive: null } } } },
          { 'input.build.source.archive': { blob: await openAsBlob(archive.path), name: 'context.tar.gz' } },
        )
      ).buildService,
    );
    await archive.dispose();
    await wh.dispose();

    // The row appears without a reload (the page's event stream re-reads the builds).
    const row = page.locator(`[data-testid="builds"] tr[data-build="${started.build.id}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: 'Log' }).click();
    const lines = page.locator('[data-testid="build-log-lines"] > div');
    // Live: some lines are shown while the build still runs.
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const whileRunning = await lines.count();
    expect(whileRunning).toBeLessThan(9);
    expect(await row.getAttribute('data-status')).not.toBe('SUCCEEDED');

    // To the end: the view says ended, every step once, in order.
    await page.locator('[data-testid="build-log"] .live.ended').waitFor({ timeout: 20_000 });
    const texts = await lines.allTextContents();
    for (let i = 1; i <= 9; i++) expect(texts.filter((l) => l.startsWith(`#${i} [${i}/9]`))).toHaveLength(1);
    const order = texts.filter((l) => /^#\d+ /.test(l)).map((l) => Number(/^#(\d+)/.exec(l)?.[1]));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('SUCCEEDED');
    await expect.poll(() => row.locator('[data-col="steps"]').textContent()).toBe('9 (0 cached)');
    expect(await row.locator('[data-col="source"]').textContent()).toMatch(/^archive sha256:[0-9a-f]{12}$/);
    await expect.poll(() => row.locator('td').nth(5).textContent()).toBe('v2');
    if (SCREENSHOTS)
      await page.locator('section[aria-label="Builds"]').screenshot({ path: 'docs/images/console-builds.png' });
    expect(problems).toEqual([]);
    builder.pauseMs = 0;
    await context.close();
  });
});
