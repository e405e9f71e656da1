/**
 * Routes in the web console, in Debian's Chromium against a real server with a
 * real Docker edge (HAProxy): the instance page shows a provisioned route
 * ACTIVE with its URL (which answers through the edge) and an HTTPS route with
 * its certificate; a route added through the form lands (in `routes` and
 * through the edge), a bad value shows next to its field with nothing written,
 * and a route removed through the UI is gone from both. The providers page
 * shows the provider's edge. With WHEELHOUSE_SCREENSHOTS=1 it writes
 * docs/images/console-routes.png and docs/images/console-provider-edge.png.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DockerProvider } from '../../src/providers/docker/docker-provider.js';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import {
  deprovision,
  edgeDataDir,
  edgeLeftovers,
  edgeProvider,
  get,
  HAPROXY,
  provisionRouted,
  removeEdge,
  startEdgeApp,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const CHROMIUM = '/usr/bin/chromium';
const noBrowser = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);
const run = !noBrowser && (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const SCREENSHOTS = process.env.WHEELHOUSE_SCREENSHOTS === '1';

interface RouteRow {
  id: string;
  url: string;
  host: string;
  pathPrefix: string;
  status: string;
}

/** GETs `url` through the edge until it answers `status` (the edge applies a change within a round). */
async function answerOf(url: string, status: number): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await get(url).catch(() => ({ status: 0, body: '' }));
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(run)('console: routes through the Docker edge', () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let browser: Browser;
  let instanceId: string | undefined;
  const suffix = randomUUID().slice(0, 6);
  const secureHost = `secure-${suffix}.localhost`;
  const shopHost = `shop-${suffix}.localhost`;

  beforeAll(async () => {
    // Cheap when the build is fresh: the stamp in console/dist names the sources it was built from.
    await ensureConsoleBuilt();
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    tenant = await app.newTenant();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    instanceId = await provisionRouted(app, tenant.token, {
      services: [{ name: 'web', image: TEST_IMAGES.web1, healthCheck: { port: 8080, path: '/healthz' } }],
      // A generated host on plain HTTP, and a host of ours on HTTPS from the edge's CA.
      routes: [
        { service: 'web', port: 8080 },
        { service: 'web', port: 8080, host: secureHost, tls: {} },
      ],
    });
  }, 120_000);

  afterAll(async () => {
    if (!run) return;
    await browser?.close();
    await deprovision(app, tenant.token, instanceId);
    await app?.stop();
    await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

  const routes = async (): Promise<RouteRow[]> => {
    const r = await gql(
      app,
      tenant.token,
      `query($id: ID!) { routes(first: 20, filter: { instanceId: $id }) { edges { node { id url host pathPrefix status } } } }`,
      { id: instanceId },
    );
    return r.routes.edges.map((e: { node: RouteRow }) => e.node);
  };

  async function signedIn(token = tenant.token): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused/.test(m.text())) problems.push(m.text());
    });
    const origin = new URL(app.url).origin;
    await page.goto(`${origin}/`);
    await page.locator('input[name="token"]').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('nav.topbar').waitFor();
    return { page, problems };
  }

  it('shows routes live, adds one from the form, shows a field error, removes one', async () => {
    const { page, problems } = await signedIn();
    const provisioned = await routes();
    const plain = provisioned.find((r) => r.pathPrefix === '/' && r.host !== secureHost);
    expect(plain?.url).toMatch(/^http:\/\/web-shop-t-[0-9a-f-]+\.localhost:\d+\/$/);

    // The providers page shows the edge those URLs go through.
    await page.locator('nav.topbar a', { hasText: 'Providers' }).click();
    const edgeCard = page.locator('article[data-provider="docker"] [data-testid="provider-edge"]');
    await expect.poll(() => edgeCard.textContent()).toContain(`127.0.0.1:${new URL(plain!.url).port}`);
    expect(await edgeCard.getAttribute('data-healthy')).toBe('true');
    expect(await edgeCard.textContent()).toContain('haproxy');
    if (SCREENSHOTS) {
      await page
        .locator('article[data-provider="docker"]')
        .screenshot({ path: 'docs/images/console-provider-edge.png' });
    }

    // The instance page: both routes ACTIVE (a PENDING one is re-read until the edge takes it).
    await page.locator('nav.topbar a', { hasText: 'Instances' }).click();
    await page.locator('tr[data-instance="shop"] a').click();
    const table = page.getByTestId('routes');
    const row = (host: string, path = '/') => table.locator(`tr[data-route="${host}${path}"]`);
    await row(plain!.host).and(page.locator('[data-status="ACTIVE"]')).waitFor();
    const link = row(plain!.host).locator('a[data-col="url"]');
    expect(await link.getAttribute('href')).toBe(plain!.url);
    expect(await link.textContent()).toBe(plain!.url);
    expect(await row(plain!.host).textContent()).toContain('web:8080');
    // The link answers through the edge.
    expect(await answerOf((await link.getAttribute('href')) ?? '', 200)).toEqual({ status: 200, body: 'web v1\n' });
    await row(secureHost).and(page.locator('[data-status="ACTIVE"]')).waitFor();
    const tls = await row(secureHost).locator('[data-col="tls"]').textContent();
    expect(tls).toMatch(/HTTPS\s*edge CA/);
    expect(tls).toContain('until');
    expect(await row(secureHost).locator('a[data-col="url"]').getAttribute('href')).toMatch(
      new RegExp(`^https://${secureHost}:\\d+/$`),
    );

    // A bad path prefix: its message next to the Path field, nothing written.
    const form = page.locator('form[aria-label="Add a route"]');
    await form.locator('input[name="route-host"]').fill(shopHost);
    await form.locator('input[name="route-path"]').fill('index.html/');
    await form.getByRole('button', { name: 'Add route' }).click();
    await expect
      .poll(() => form.locator('.field-error[data-field="route.pathPrefix"]').textContent())
      .toContain('must be "/" or a path like /api/v1');
    expect(await form.locator('.field-error').count()).toBe(1);
    expect(await form.locator('[data-error-type]').getAttribute('data-error-type')).toBe('ValidationError');
    expect(await routes()).toHaveLength(2);

    // Fixed: the route lands, with the service's port picked for us (its health-check port).
    await form.locator('input[name="route-path"]').fill('/index.html');
    await form.getByRole('button', { name: 'Add route' }).click();
    await row(shopHost, '/index.html').and(page.locator('[data-status="ACTIVE"]')).waitFor();
    expect(await form.locator('.field-error').count()).toBe(0);
    const added = (await routes()).find((r) => r.host === shopHost);
    expect(added).toMatchObject({ pathPrefix: '/index.html', status: 'ACTIVE' });
    expect(added!.url).toMatch(new RegExp(`^http://${shopHost}:\\d+/index.html$`));
    expect(await answerOf(added!.url, 200)).toEqual({ status: 200, body: 'web v1\n' });
    // Only the prefix is routed on that host: its root is the edge's 404.
    expect((await get(added!.url.replace('/index.html', '/'))).status).toBe(404);

    if (SCREENSHOTS) {
      await page.mouse.move(0, 0);
      const box = await page.locator('section[aria-label="Routes"]').boundingBox();
      await page.screenshot({
        path: 'docs/images/console-routes.png',
        clip: { x: 0, y: 0, width: 1360, height: Math.ceil((box?.y ?? 0) + (box?.height ?? 900) + 12) },
        fullPage: true,
      });
    }

    // Removed through the UI, after a confirmation: gone from the page, from `routes`, and from the edge.
    await row(shopHost, '/index.html').getByRole('button', { name: 'Remove…' }).click();
    await row(shopHost, '/index.html').getByRole('button', { name: 'Yes, remove' }).click();
    await row(shopHost, '/index.html').waitFor({ state: 'detached' });
    expect((await routes()).map((r) => r.host).sort()).toEqual([plain!.host, secureHost].sort());
    expect((await answerOf(added!.url, 404)).status).toBe(404);
    // The others still serve.
    expect(await answerOf(plain!.url, 200)).toEqual({ status: 200, body: 'web v1\n' });

    // A route the edge has not taken yet: no event announces the change, so the panel re-reads
    // PENDING routes by itself. The rows are set back as the driver last left them would not be
    // (a status changed in place does not change the routes' signature), then touched, so the real
    // driver takes them again and records them; the page, not reloaded, follows.
    const ids = [plain!.id, provisioned.find((r) => r.host === secureHost)!.id].map(localIdOf);
    // The driver also records every route again when the edge's health check fails (a loaded machine),
    // which may land between these writes and the reload: then they are written and read again.
    for (let attempt = 1; ; attempt++) {
      await app.database.db
        .updateTable('routes')
        .set({ status: 'pending', message: null })
        .where('id', '=', ids[0]!)
        .execute();
      await app.database.db
        .updateTable('routes')
        .set({ status: 'failed', message: 'the certificate could not be issued' })
        .where('id', '=', ids[1]!)
        .execute();
      await page.reload();
      try {
        await row(plain!.host).and(page.locator('[data-status="PENDING"]')).waitFor({ timeout: 5000 });
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
    await row(secureHost).and(page.locator('[data-status="FAILED"]')).waitFor();
    expect(await row(secureHost).locator('[data-col="status"]').textContent()).toContain(
      'the certificate could not be issued',
    );
    await app.database.db.updateTable('routes').set({ updated_at: new Date() }).where('id', 'in', ids).execute();
    await row(plain!.host).and(page.locator('[data-status="ACTIVE"]')).waitFor();
    await row(secureHost).and(page.locator('[data-status="ACTIVE"]')).waitFor();
    expect(problems).toEqual([]);

    // A READ token sees the routes and their links, and nothing that changes them.
    const reader = await signedIn(await app.newToken(tenant.tenantId, ['read']));
    await reader.page.goto(page.url());
    const readRow = reader.page.getByTestId('routes').locator(`tr[data-route="${plain!.host}/"]`);
    expect(await readRow.locator('a[data-col="url"]').getAttribute('href')).toBe(plain!.url);
    expect(await reader.page.locator('section[aria-label="Routes"] button').count()).toBe(0);
    expect(await reader.page.locator('form[aria-label="Add a route"]').count()).toBe(0);
    expect(reader.problems).toEqual([]);
  }, 60_000);
});
