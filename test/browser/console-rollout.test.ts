/**
 * The rollout panel of the web console, in Debian's Chromium against a real
 * server with a real Docker edge (HAProxy): a canary deployed through the API
 * shows on the instance page as PAUSED at 50 %, its analysis runs appear live
 * while requests go through the route, a READ token sees it without buttons,
 * and Promote finishes it (the operation SUCCEEDED in the database, the new
 * release current and answering through the edge); a second canary, started
 * from the Deploy form (a refused weight shows next to its field first), is
 * aborted from the panel: everything back on the stable release. A blue-green
 * rollout links its preview in the panel (the link answers the new release
 * through the edge while the route keeps the old), and Promote switches the
 * route at once. With WHEELHOUSE_SCREENSHOTS=1 it writes
 * docs/images/console-rollout.png and docs/images/console-blue-green.png.
 */
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
  otherWebImage,
  provisionRouted,
  removeEdge,
  startEdgeApp,
  startLoad,
  waitServed,
} from '../support/edge.js';
import { skipUnless } from '../support/env.js';

const CHROMIUM = '/usr/bin/chromium';
const noBrowser = skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`);
const run = !noBrowser && (await dockerOrSkip()) && !skipUnless('HAProxy', existsSync(HAPROXY));
const SCREENSHOTS = process.env.WHEELHOUSE_SCREENSHOTS === '1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(run)('console: the rollout panel of a canary through the Docker edge', () => {
  let dataDir: string;
  let provider: DockerProvider;
  let app: TestApp;
  let tenant: TestTenant;
  let browser: Browser;
  let instanceId: string | undefined;
  let url: string;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    dataDir = edgeDataDir();
    provider = edgeProvider(dataDir);
    app = await startEdgeApp(dataDir, provider);
    tenant = await app.newTenant();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    instanceId = await provisionRouted(app, tenant.token);
    url = await waitServed(app, tenant.token, instanceId);
  }, 120_000);

  afterAll(async () => {
    if (!run) return;
    await browser?.close();
    await deprovision(app, tenant.token, instanceId);
    await app?.stop();
    await removeEdge(provider, dataDir);
    expect(edgeLeftovers(dataDir)).toEqual([]);
  }, 60_000);

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
    await page.goto(`${origin}/instances/${instanceId}`);
    return { page, problems };
  }

  /** Deploys through the API with `input` (its strategy and settings); returns the operation's id. */
  async function deployRollout(input: object): Promise<string> {
    const r = await gql(
      app,
      tenant.token,
      `mutation($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename
        ... on Error { message } ... on DeployInstancePayload { operation { id } } } }`,
      { input: { instanceId, ...input } },
    );
    expect(r.deployInstance.__typename, JSON.stringify(r)).toBe('DeployInstancePayload');
    return r.deployInstance.operation.id;
  }

  const deployCanary = (image: string) =>
    deployRollout({
      strategy: 'CANARY',
      services: [{ name: 'web', image }],
      canary: { steps: [{ weight: 50 }], analysis: { intervalSeconds: 1, minRequests: 1 } },
    });

  async function operation(id: string): Promise<any> {
    const r = await gql(
      app,
      tenant.token,
      `query($id: ID!) { node(id: $id) { ... on Operation { status rollout { phase newRelease { id version } } } } }`,
      { id },
    );
    return r.node;
  }

  async function currentRelease(): Promise<{ id: string; version: number }> {
    const r = await gql(app, tenant.token, `query($id: ID!) { instance(id: $id) { currentRelease { id version } } }`, {
      id: instanceId,
    });
    return r.instance.currentRelease;
  }

  async function storedStatus(opId: string): Promise<string> {
    const row = await app.database.db
      .selectFrom('operations')
      .select('status')
      .where('id', '=', localIdOf(opId))
      .executeTakeFirstOrThrow();
    return row.status;
  }

  it('follows a canary live: PAUSED at 50 %, analysis rows as requests flow, Promote finishes it', async () => {
    const stable = await currentRelease();
    const { page, problems } = await signedIn();
    await page.getByTestId('instance-state').waitFor();
    // The provision has no rollout: no panel.
    expect(await page.getByTestId('rollout').count()).toBe(0);

    const opId = await deployCanary(TEST_IMAGES.web2);
    const panel = page.getByTestId('rollout');
    // The page was not reloaded: the panel appears and reaches the step through the stream.
    await panel.and(page.locator('[data-phase="PAUSED"]')).waitFor();
    expect(await page.getByTestId('rollout-phase').textContent()).toBe('PAUSED');
    expect(await page.getByTestId('rollout-weight').getAttribute('data-weight')).toBe('50');
    expect(await page.getByTestId('rollout-new-weight').textContent()).toBe('50 %');
    expect(await page.getByTestId('rollout-stable-weight').textContent()).toBe('50 %');
    expect(await panel.locator('h2').textContent()).toContain(`v${stable.version} → v${stable.version + 1}`);
    expect(await page.getByTestId('rollout-countdown').textContent()).toBe('paused until promoted');
    expect(await panel.locator('[data-step="0"]').getAttribute('data-state')).toBe('current');
    // The services table: the image that serves (the stable release's), then the one being rolled out.
    const imageCell = page.locator('[data-testid="services"] tr[data-service="web"] [data-col="image"]');
    expect((await imageCell.textContent())?.replace(/\s+/g, ' ')).toBe(`${TEST_IMAGES.web1} → ${TEST_IMAGES.web2}`);

    // Requests through the route: an analysis run that counted some of them appears, newest first.
    const load = startLoad(url, 2);
    const counted = panel.locator('[data-testid="rollout-analysis"] tr[data-verdict="passed"]');
    await counted.first().waitFor();
    if (SCREENSHOTS) {
      // For the docs: a few runs that counted requests, taken while they still flow.
      await counted.nth(2).waitFor();
      await page.mouse.move(0, 0);
      await panel.screenshot({ path: 'docs/images/console-rollout.png' });
    }
    const samples = await load.stop();
    expect(samples.some((s) => s.body === 'web v2\n')).toBe(true);
    expect(Number(await counted.first().getAttribute('data-requests'))).toBeGreaterThan(0);
    expect(await counted.first().textContent()).toContain('0.0 %');
    const times = await panel
      .locator('[data-testid="rollout-analysis"] time')
      .evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute('datetime') ?? '')));
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // A READ token sees the same rollout, and nothing that moves it.
    const reader = await signedIn(await app.newToken(tenant.tenantId, ['read']));
    await reader.page.getByTestId('rollout').and(reader.page.locator('[data-phase="PAUSED"]')).waitFor();
    expect(await reader.page.locator('section[aria-label="Rollout"] button').count()).toBe(0);
    expect(await panel.locator('button').count()).toBe(3);
    expect(reader.problems).toEqual([]);
    await reader.page.context().close();

    await panel.getByRole('button', { name: 'Promote', exact: true }).click();
    await panel.and(page.locator('[data-phase="SUCCEEDED"]')).waitFor();
    await panel.and(page.locator('[data-status="SUCCEEDED"]')).waitFor();
    // Finished: one line, no buttons; the header follows to the new release.
    expect(await panel.locator('button').count()).toBe(0);
    expect(await panel.locator('details').count()).toBe(1);
    await page
      .getByTestId('current-release')
      .filter({ hasText: `v${stable.version + 1}` })
      .waitFor();
    // Where it lands: the operation row, the instance's current release, the answers through the edge.
    expect(await storedStatus(opId)).toBe('succeeded');
    const done = await operation(opId);
    expect(done).toMatchObject({ status: 'SUCCEEDED', rollout: { phase: 'SUCCEEDED' } });
    expect((await currentRelease()).id).toBe(done.rollout.newRelease.id);
    const after = await Promise.all(Array.from({ length: 10 }, () => get(url)));
    expect(after.map((a) => a.body)).toEqual(Array.from({ length: 10 }, () => 'web v2\n'));
    expect(problems).toEqual([]);
  }, 90_000);

  it('a canary started from the Deploy form, aborted from the panel: everything back on the stable release', async () => {
    const stable = await currentRelease();
    const { page, problems } = await signedIn();
    const form = page.locator('form[aria-label="Deploy"]');
    await form.locator('input[name="image-web"]').fill(TEST_IMAGES.web1);
    await form.locator('select[name="deploy-strategy"]').selectOption('CANARY');
    // A weight the server refuses: its message next to the steps, nothing deployed.
    await form.locator('input[name="canary-steps"]').fill('150');
    await form.getByRole('button', { name: 'Deploy' }).click();
    await expect
      .poll(() => form.locator('.field-error[data-field="canary.steps.0.weight"]').textContent())
      .toContain('from 1 to 99');
    expect((await currentRelease()).id).toBe(stable.id);
    // The panel still shows the last canary, finished and folded: no new one started.
    const panel = page.getByTestId('rollout');
    expect(await panel.getAttribute('data-status')).toBe('SUCCEEDED');
    expect(await panel.locator('details').count()).toBe(1);

    await form.locator('input[name="canary-steps"]').fill('50');
    await form.getByRole('button', { name: 'Deploy' }).click();
    await panel.and(page.locator('[data-phase="PAUSED"]')).waitFor();
    expect(await page.getByTestId('rollout-new-weight').textContent()).toBe('50 %');
    // What the form sent, where it landed: a canary of one step at 50 %, held until promoted.
    const ops = await gql(
      app,
      tenant.token,
      `query($id: ID!) { instance(id: $id) { operations(first: 1) { edges { node { id
        rollout { strategy steps { weight pauseSeconds } } } } } } }`,
      { id: instanceId },
    );
    const started = ops.instance.operations.edges[0].node;
    expect(started.rollout).toEqual({ strategy: 'CANARY', steps: [{ weight: 50, pauseSeconds: null }] });

    await panel.getByRole('button', { name: 'Abort…' }).click();
    await panel.getByRole('button', { name: 'Yes, abort' }).click();
    await panel.and(page.locator('[data-phase="ABORTED"]')).waitFor();
    await panel.and(page.locator('[data-status="CANCELED"]')).waitFor();
    expect(await page.getByTestId('rollout-abort-reason').textContent()).toMatch(/cancel/);
    expect(await storedStatus(started.id)).toBe('canceled');
    expect((await currentRelease()).id).toBe(stable.id);
    const after = await Promise.all(Array.from({ length: 10 }, () => get(url)));
    expect(after.map((a) => a.body)).toEqual(Array.from({ length: 10 }, () => 'web v2\n'));
    expect(problems).toEqual([]);
  }, 60_000);
  it('a blue-green rollout: the panel links its preview, which answers the new release; Promote switches the route', async () => {
    const stable = await currentRelease();
    const { image, oldBody, newBody } = await otherWebImage(url);
    const { page, problems } = await signedIn();
    await page.getByTestId('instance-state').waitFor();
    const opId = await deployRollout({
      strategy: 'BLUE_GREEN',
      services: [{ name: 'web', image }],
      blueGreen: { scaleDownDelaySeconds: 5, analysis: { intervalSeconds: 1, minRequests: 1 } },
    });
    const panel = page.getByTestId('rollout');
    const link = page.getByTestId('rollout-preview');
    await panel.and(page.locator('[data-phase="PAUSED"]')).waitFor();
    await link.waitFor();
    const fresh = (await operation(opId)).rollout.newRelease;
    expect(await panel.locator('h2').textContent()).toContain(`Blue-green v${stable.version} → v${fresh.version}`);
    // The link is the rollout's preview URL, and it answers the new release through the edge; the route keeps the old.
    const preview = await gql(
      app,
      tenant.token,
      'query($id: ID!) { node(id: $id) { ... on Operation { rollout { previewUrl } } } }',
      { id: opId },
    );
    const href = await link.getAttribute('href');
    expect(href).toBe(preview.node.rollout.previewUrl);
    expect(await link.textContent()).toBe(href);
    expect(await get(href!)).toEqual({ status: 200, body: newBody });
    expect(await get(url)).toEqual({ status: 200, body: oldBody });
    expect(await page.getByTestId('rollout-new-weight').textContent()).toBe('0 %');

    if (SCREENSHOTS) {
      // For the docs: the preview's own requests, analysed as the new release's.
      const load = startLoad(href!, 1);
      await panel.locator('[data-testid="rollout-analysis"] tr[data-verdict="passed"]').nth(1).waitFor();
      await load.stop();
      await page.mouse.move(0, 0);
      await panel.screenshot({ path: 'docs/images/console-blue-green.png' });
    }

    const clicked = Date.now();
    await panel.getByRole('button', { name: 'Promote', exact: true }).click();
    // Where it lands: the route's answers through the edge switch to the new release, at the promotion
    // itself, well before the old set's 5 s delay is out (after it the old set would be gone anyway).
    const deadline = clicked + 10_000;
    while ((await get(url)).body !== newBody && Date.now() < deadline) await sleep(100);
    expect(Date.now() - clicked).toBeLessThan(5000);
    const after = await Promise.all(Array.from({ length: 10 }, () => get(url)));
    expect(after).toEqual(Array.from({ length: 10 }, () => ({ status: 200, body: newBody })));
    expect(await operation(opId)).toMatchObject({ status: 'RUNNING', rollout: { phase: 'PROMOTING' } });
    // The preview went with the switch: the panel no longer links it.
    await link.waitFor({ state: 'detached' });
    // Then, after its short scale-down delay, the rollout ends and the new release is current.
    await panel.and(page.locator('[data-status="SUCCEEDED"]')).waitFor();
    expect(await storedStatus(opId)).toBe('succeeded');
    const done = await operation(opId);
    expect(done).toMatchObject({ status: 'SUCCEEDED', rollout: { phase: 'SUCCEEDED' } });
    expect((await currentRelease()).id).toBe(fresh.id);
    expect((await get(href!)).status).toBe(404);
    expect(problems).toEqual([]);
  }, 60_000);
});
