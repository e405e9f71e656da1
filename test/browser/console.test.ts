import { existsSync } from 'node:fs';
import Dockerode from 'dockerode';
import { type Browser, type BrowserContext, chromium, type Page, type WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { graphql } from '../generated/index.js';
import { localIdOf, query, type TestApp } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { dockerLeftovers, TEST_IMAGES } from '../support/docker-images.js';
import { skipUnless } from '../support/env.js';

// Debian's Chromium (apt package `chromium`, installed by .ci/run), driven as is by playwright-core.
const CHROMIUM = '/usr/bin/chromium';
const noBrowser = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);
const skip = noBrowser || !(await dockerOrSkip());
const SCREENSHOTS = process.env.WHEELHOUSE_SCREENSHOTS === '1';
/** How long a live change may take to show: well inside the test timeout, ample on a loaded machine. */
const LIVE_MS = 45_000;
const TICKER = 'i=0; while true; do i=$((i+1)); echo "tick $i"; sleep 0.3; done';

const Provision = graphql(`
  mutation ConsoleTestProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id } }
      ... on Error { message }
    }
  }
`);
const Destroy = graphql(`
  mutation ConsoleTestDestroy($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on Error { message } }
  }
`);
const Instances = graphql(`
  query ConsoleTestInstances { instances(first: 5) { edges { node { id } } } }
`);
const Instance = graphql(`
  query ConsoleTestInstance($id: ID!) {
    instance(id: $id) { state ready currentRelease { version } releases(first: 10) { edges { node { version } } } }
  }
`);

/** The images (by test tag) of an instance's running containers, by service, as the engine reports them. */
async function engineImages(docker: Dockerode, instanceId: string): Promise<Record<string, string[]>> {
  const tags = [TEST_IMAGES.web1, TEST_IMAGES.web2, TEST_IMAGES.tool];
  const ids = new Map(
    await Promise.all(tags.map(async (tag) => [(await docker.getImage(tag).inspect()).Id, tag] as const)),
  );
  const containers = await docker.listContainers({
    filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`], status: ['running'] },
  });
  const out: Record<string, string[]> = {};
  for (const c of containers) {
    const service = c.Labels['wheelhouse.service'] ?? '?';
    out[service] = [...(out[service] ?? []), ids.get(c.ImageID) ?? c.ImageID];
  }
  return out;
}

describe.skipIf(skip)('web console', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // Cheap when the build is fresh: the stamp in console/dist names the sources it was built from.
    await ensureConsoleBuilt();
    t = await startDockerApp();
    origin = new URL(t.url).origin;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await t?.stop();
  });

  /** A fresh browser tab (its own sessionStorage) that records console errors and CSP violations. */
  async function newPage(): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused/.test(m.text())) problems.push(m.text());
    });
    return { page, problems };
  }

  async function signIn(page: Page, token: string): Promise<void> {
    await page.goto(`${origin}/`);
    await page.locator('input[name="token"]').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('nav.topbar').waitFor();
  }

  it('serves the app with a strict CSP, client routes fall back to it, a missing asset is 404', async () => {
    // The build made (or found) in beforeAll is fresh: asking again does not build.
    expect((await ensureConsoleBuilt()).built).toBe(false);
    const index = await fetch(`${origin}/instances/whatever`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    const csp = index.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`ws://${new URL(origin).host}`);
    const html = await index.text();
    // No inline script: every script is a file of this origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(`${origin}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${origin}/assets/nope-123.js`)).status).toBe(404);
    // GraphQL is still GraphQL: a POST without a token is refused, not answered with the app.
    const bare = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { scopes } }' }),
    });
    expect(bare.status).toBe(401);
  });

  it('a bad token sees the sign-in error and stays signed out', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${origin}/`);
    await page.locator('input[name="token"]').fill('whk_not-a-real-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toContain('not accepted');
    expect(await page.locator('nav.topbar').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows a typed error next to the field it names, and a YAML mistake with its line', async () => {
    const tenant = await t.newTenant();
    const { page, problems } = await newPage();
    await signIn(page, tenant.token);
    await page.locator('nav.topbar a', { hasText: 'Provision' }).click();
    const form = page.locator('form[aria-label="Provision"]');
    await form.locator('input[name="name"]').fill('Not_DNS_Safe');
    await form.locator('input[name="service-image"]').fill(TEST_IMAGES.web1);
    await form.getByRole('button', { name: 'Provision' }).click();
    await expect.poll(() => form.locator('.field-error[data-field="name"]').textContent()).toMatch(/\S/);
    expect(await form.locator('[data-error-type]').getAttribute('data-error-type')).toBe('ValidationError');
    // The same spec as YAML, with a typo: the CLI's parser names the line, nothing is sent.
    await page.getByRole('tab', { name: 'YAML' }).click();
    await page.locator('textarea[name="yaml"]').fill('name: app\nservices:\n  web:\n    image: x\n    prots: [80]\n');
    await page.locator('form[aria-label="Provision from YAML"]').getByRole('button', { name: 'Provision' }).click();
    await expect
      .poll(() => page.locator('form[aria-label="Provision from YAML"] pre.banner').textContent())
      .toBe('spec:5: services.web.prots: unknown key');
    const rows = await query(t.url, tenant.token, Instances, {});
    expect(rows.instances.edges).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a READ-only token sees no mutation buttons', async () => {
    const tenant = await t.newTenant();
    const readToken = await t.newToken(tenant.tenantId, ['read']);
    const r = await query(t.url, tenant.token, Provision, {
      input: { name: 'read-only-view', services: [{ name: 'tool', image: TEST_IMAGES.tool }] },
    });
    if (r.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(r));
    const id = r.provisionInstance.instance.id;
    try {
      const { page, problems } = await newPage();
      await signIn(page, readToken);
      await page.locator('tr[data-instance="read-only-view"]').waitFor();
      // Nothing that changes anything: no Provision link, no Tokens page, no secret form.
      expect(await page.locator('nav.topbar a', { hasText: 'Provision' }).count()).toBe(0);
      expect(await page.locator('nav.topbar a', { hasText: 'Tokens' }).count()).toBe(0);
      await page.locator('tr[data-instance="read-only-view"] a').click();
      await page.locator('.instance[data-instance="read-only-view"]').waitFor();
      await page.getByTestId('services').waitFor();
      // This server runs without an edge: the Routes panel says so, and offers nothing.
      await expect.poll(() => page.getByTestId('routes').textContent()).toContain('provider docker has no edge');
      expect(await page.locator('main button').count()).toBe(0);
      expect(await page.locator('main form').count()).toBe(0);
      await page.locator('nav.topbar a', { hasText: 'Secrets' }).click();
      await page.locator('section[aria-label="Secrets"]').waitFor();
      expect(await page.locator('main button').count()).toBe(0);
      // The same page for a token that may deploy does offer them (the check above can fail).
      const { page: admin } = await newPage();
      await signIn(admin, tenant.token);
      await admin.goto(`${origin}/instances/${encodeURIComponent(id)}`);
      await admin.getByTestId('instance-actions').waitFor();
      expect(await admin.locator('main button').count()).toBeGreaterThan(3);
      expect(problems).toEqual([]);
    } finally {
      await query(t.url, tenant.token, Destroy, { input: { instanceId: id, wait: true } });
    }
  });

  it('provisions from the form, follows it live, deploys, rolls back, follows logs and destroys', async () => {
    const tenant = await t.newTenant();
    const name = `console-${Date.now().toString(36)}`;

    // Tab 1: the list, left open; it must follow everything without a reload.
    const { page: list, problems: listProblems } = await newPage();
    await signIn(list, tenant.token);
    await list.getByTestId('instances').waitFor();
    await list.evaluate(() => Object.assign(window, { notReloaded: true }));

    // Tab 2: provision a two-service app from the form.
    const { page, problems } = await newPage();
    // Every socket of this tab passes through the test, so the test can drop them (below).
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/graphql$/, (ws) => {
      ws.connectToServer();
      sockets.push(ws);
    });
    await signIn(page, tenant.token);
    await page.locator('nav.topbar a', { hasText: 'Provision' }).click();
    const form = page.locator('form[aria-label="Provision"]');
    await form.locator('input[name="name"]').fill(name);
    const web = form.locator('fieldset[data-service-index="0"]');
    await web.locator('input[name="service-image"]').fill(TEST_IMAGES.web1);
    await web.locator('input[name="service-ports"]').fill('8080');
    await web.locator('input[name="service-health-path"]').fill('/healthz');
    await web.locator('input[name="service-health-port"]').fill('8080');
    await form.getByRole('button', { name: 'Add a service' }).click();
    const tail = form.locator('fieldset[data-service-index="1"]');
    await tail.locator('input[name="service-name"]').fill('tail');
    await tail.locator('input[name="service-image"]').fill(TEST_IMAGES.tool);
    await tail.locator('textarea[name="service-command"]').fill(`sh\n-c\n${TICKER}`);
    await form.getByRole('button', { name: 'Provision' }).click();

    // The instance page, live: RUNNING and ready, both services ready, release v1.
    await page.waitForURL(/\/instances\/[^/]+$/);
    const instanceId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const state = page.getByTestId('instance-state');
    const stateAndReady = async () =>
      `${await state.getAttribute('data-state')}/${await state.getAttribute('data-ready')}`;
    await expect.poll(stateAndReady, { timeout: LIVE_MS }).toBe('RUNNING/true');
    await expect
      .poll(() => page.locator('[data-testid="services"] td[data-col="ready"]').allTextContents(), { timeout: LIVE_MS })
      .toEqual(['ready', 'ready']);
    expect(await page.getByTestId('current-release').textContent()).toBe('v1');
    expect(await engineImages(docker, instanceId)).toEqual({ web: [TEST_IMAGES.web1], tail: [TEST_IMAGES.tool] });
    // The endpoint is a link that answers.
    const endpoint = await page.locator('[data-service="web"] a').getAttribute('href');
    // Each address on a line of its own (two inline links read as one URL).
    const shown = await page
      .locator('[data-service="web"] [data-endpoint]')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).display));
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['block']));
    expect(await (await fetch(endpoint!)).text()).toBe('web v1\n');

    // The list followed it from the tenant feed.
    const row = list.locator(`tr[data-instance="${name}"]`);
    await expect.poll(() => row.locator('td[data-col="state"]').textContent(), { timeout: LIVE_MS }).toBe('RUNNING');
    await expect.poll(() => row.locator('td[data-col="ready"]').textContent(), { timeout: LIVE_MS }).toBe('ready');

    // Logs of the sidecar: lines arrive while following; pause freezes the view while lines keep coming.
    await page.locator('select[aria-label="Log service"]').selectOption('tail');
    const logs = page.getByTestId('logs');
    await expect.poll(async () => (await logs.locator('div').count()) >= 3, { timeout: LIVE_MS }).toBe(true);
    await page.getByRole('button', { name: 'Pause' }).click();
    const frozen = await logs.locator('div').count();
    await expect
      .poll(() => page.getByRole('button', { name: /^Resume/ }).textContent(), { timeout: LIVE_MS })
      .toMatch(/Resume \([1-9]\d* new\)/);
    expect(await logs.locator('div').count()).toBe(frozen);
    await page.getByRole('button', { name: /^Resume/ }).click();
    await expect.poll(() => logs.locator('div').count(), { timeout: LIVE_MS }).toBeGreaterThan(frozen);
    expect(await logs.textContent()).toMatch(/tick \d+/);

    // Drop the tab's socket: the timeline only learns of later events from its stream, so the deploy's
    // events below show only if the stream resumes (from the cursor of the last event it showed).
    const events = page.locator('section[aria-label="Events"]');
    expect(await events.textContent()).not.toContain('resumed');
    for (const ws of sockets.splice(0)) await ws.close({ code: 1012, reason: 'the test drops the socket' });
    await expect.poll(() => events.textContent(), { timeout: LIVE_MS }).toContain('resumed');
    await expect.poll(() => events.locator('.live').textContent(), { timeout: LIVE_MS }).toBe('live');

    // Deploy a new image to web: release v2, readiness transitions in the timeline, the engine runs web:2.
    const eventsBefore = await page.locator('[data-testid="events"] li').count();
    const deploy = page.locator('form[aria-label="Deploy"]');
    await deploy.locator('input[name="image-web"]').fill(TEST_IMAGES.web2);
    await deploy.getByRole('button', { name: 'Deploy' }).click();
    await expect.poll(() => page.getByTestId('current-release').textContent(), { timeout: LIVE_MS }).toBe('v2');
    await expect
      .poll(() => page.locator('[data-testid="operations"] > li').first().getAttribute('data-status'), {
        timeout: LIVE_MS,
      })
      .toBe('SUCCEEDED');
    await expect.poll(stateAndReady, { timeout: LIVE_MS }).toBe('RUNNING/true');
    const transitions = page.locator('[data-testid="events"] li[data-type$="state_changed"]');
    await expect.poll(() => page.locator('[data-testid="events"] li').count()).toBeGreaterThan(eventsBefore);
    const readiness = await transitions.evaluateAll((els) => els.map((e) => e.getAttribute('data-ready')));
    // Nothing twice: every event shows once, resumed or not.
    const cursors = await page
      .locator('[data-testid="events"] li')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(readiness).toContain('false');
    expect(readiness[0]).toBe('true');
    expect((await engineImages(docker, instanceId)).web).toEqual([TEST_IMAGES.web2]);

    // Roll back to v1: a new release v3 copied from v1, and the engine runs web:1 again.
    await page.getByRole('button', { name: 'Roll back to v1' }).click();
    await expect.poll(() => page.getByTestId('current-release').textContent(), { timeout: LIVE_MS }).toBe('v3');
    expect(await page.locator('tr[data-release="3"]').textContent()).toContain('copy of v1');
    await expect.poll(stateAndReady, { timeout: LIVE_MS }).toBe('RUNNING/true');
    await expect
      .poll(async () => (await engineImages(docker, instanceId)).web, { timeout: LIVE_MS })
      .toEqual([TEST_IMAGES.web1]);
    const server = await query(t.url, tenant.token, Instance, { id: instanceId });
    expect(server.instance?.currentRelease?.version).toBe(3);
    await expect.poll(() => row.locator('td[data-col="release"]').textContent(), { timeout: LIVE_MS }).toBe('v3');
    if (SCREENSHOTS) {
      // Pictures for the docs, written only when asked so a test run leaves the checkout clean.
      const height = Math.ceil((await list.locator('main').boundingBox())!.height) + 52;
      await list.screenshot({ path: 'docs/images/console-instances.png', clip: { x: 0, y: 0, width: 1360, height } });
      await page.screenshot({ path: 'docs/images/console-instance.png', fullPage: true });
    }

    // Destroy, after a confirmation: the page shows DESTROYED, the list drops it, nothing is left on the engine.
    await page.getByRole('button', { name: 'Destroy…' }).click();
    await page.getByRole('button', { name: 'Yes, destroy' }).click();
    await expect.poll(stateAndReady, { timeout: LIVE_MS }).toBe('DESTROYED/false');
    // The list shows live instances only: the destroyed one leaves it.
    await expect.poll(() => row.count(), { timeout: LIVE_MS }).toBe(0);
    expect(await dockerLeftovers(docker, localIdOf(instanceId))).toEqual([]);

    // Neither tab reloaded, and nothing broke the CSP.
    expect(await list.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect([...listProblems, ...problems]).toEqual([]);
    // Five operations on the real engine, each followed live in two tabs.
  }, 180_000);
});
