/**
 * An instance's volume backups in the web console (issue 36), in Debian's
 * Chromium against a real server on the real Docker Engine: a backup made
 * through the API is listed in the Backups panel with its size in binary
 * units, its age and its checksum; a READ token sees it with no Restore and no
 * "Back up now". A DEPLOY token clicks "Back up now" (the new row is followed
 * to SUCCEEDED without a reload; the BACKUP operation and the backup's row are
 * checked in the database), then Restore, confirmed: the volume's content on
 * the engine is what was backed up, and a second restore into another
 * instance of the tenant fills that instance's volume. Eleven older backups
 * page by keyset. With WHEELHOUSE_SCREENSHOTS=1 it writes
 * docs/images/console-backups.png.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Dockerode from 'dockerode';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../src/db/db-types.js';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { provisionInstance, removeInstance } from '../api/jobs-support.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { shellIn } from '../support/docker-shell.js';
import { skipUnless } from '../support/env.js';

const CHROMIUM = '/usr/bin/chromium';
const run =
  !skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`) &&
  (await dockerOrSkip());
const SCREENSHOTS = process.env.WHEELHOUSE_SCREENSHOTS === '1';

const SERVICE = {
  name: 'db',
  image: TEST_IMAGES.data,
  command: ['sleep', '3600'],
  volumes: [{ name: 'data', mountPath: '/data' }],
};

describe.runIf(run)('console: volume backups', () => {
  const docker = new Dockerode({ socketPath: '/var/run/docker.sock' });
  const stamp = Date.now().toString(36);
  let t: TestApp;
  let tenant: TestTenant;
  let viewerToken: string;
  let browser: Browser;
  let backupDir: string;
  let shopId: string;
  let stagingId: string;

  /** Runs `script` in the instance's db container; answers its stdout (a non-zero exit throws). */
  const sh = async (instanceId: string, script: string): Promise<string> => {
    const [c] = await docker.listContainers({
      filters: { label: [`wheelhouse.instance=${localIdOf(instanceId)}`, 'wheelhouse.service=db'] },
    });
    if (!c) throw new Error(`no running db container for ${instanceId}`);
    return shellIn(docker, c.Id, script);
  };

  beforeAll(async () => {
    await ensureConsoleBuilt();
    backupDir = await mkdtemp(join(tmpdir(), 'wh-console-backups-'));
    t = await startDockerApp({ config: { backupDir }, executor: { pollMs: 100 } });
    tenant = await t.newTenant();
    viewerToken = await t.newToken(tenant.tenantId, ['read']);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    [shopId, stagingId] = await Promise.all([
      provisionInstance(t, tenant.token, { name: `shop-${stamp}`, services: [SERVICE] }),
      provisionInstance(t, tenant.token, { name: `staging-${stamp}`, services: [SERVICE] }),
    ]);
    await sh(shopId, 'echo first > /data/note.txt && head -c 300000 /dev/urandom > /data/blob');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (t) {
      await Promise.all([removeInstance(t, tenant.token, shopId), removeInstance(t, tenant.token, stagingId)]);
      await t.stop();
    }
    if (backupDir) await rm(backupDir, { recursive: true, force: true });
  }, 120_000);

  /** A page signed in with `token`, on the shop's page once it shows RUNNING. */
  const shopPage = async (token: string) => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(`${new URL(t.url).origin}/`);
    await page.locator('input[name="token"]').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('nav.topbar').waitFor();
    await page.goto(`${new URL(t.url).origin}/instances/${encodeURIComponent(shopId)}`);
    await page.locator('[data-testid="instance-state"][data-state="RUNNING"]').waitFor();
    await page.locator('[data-testid="backups"]').waitFor();
    return { context, page, problems };
  };
  const rows = (page: Page) => page.locator('[data-testid="backups"] tbody tr[data-backup]');
  /** How the restore into `target` asked from the panel ended, or the error the panel showed instead. */
  const restoreEnd = async (page: Page, target: string): Promise<string> => {
    const ended = page
      .locator('[data-testid="restore-status"]', { hasText: target })
      .and(page.locator('[data-status="SUCCEEDED"], [data-status="FAILED"], [data-status="CANCELED"]'));
    const alert = page.getByRole('region', { name: 'Backups' }).getByRole('alert');
    await ended.or(alert).first().waitFor({ timeout: 90_000 });
    if (await alert.count()) return `error: ${await alert.first().textContent()}`;
    const status = (await ended.getAttribute('data-status')) ?? '';
    return status === 'SUCCEEDED' ? status : `${status}: ${await ended.textContent()}`;
  };

  it('lists a backup made through the API with its size and age; a READ token gets no Restore', async () => {
    const r = await gql(
      t,
      tenant.token,
      `mutation($input: BackupVolumeInput!) { backupVolume(input: $input) { __typename
         ... on BackupVolumePayload { backup { id status sizeBytes sha256 } } ... on Error { message } } }`,
      { input: { instanceId: shopId, volume: 'data', consistency: 'LIVE', wait: true } },
    );
    expect(r.backupVolume.backup?.status, JSON.stringify(r)).toBe('SUCCEEDED');
    const { id, sizeBytes, sha256 } = r.backupVolume.backup as { id: string; sizeBytes: number; sha256: string };
    // The page opened after it (a live row is the next test's: there the running backup is followed by its
    // operation's updates, which arrive at once; an instance event may wait behind other transactions on a
    // shared Postgres server).
    const { context, page, problems } = await shopPage(tenant.token);
    const row = page.locator(`[data-testid="backups"] tr[data-backup="${id}"][data-status="SUCCEEDED"]`);
    await row.waitFor();
    expect(sizeBytes).toBeGreaterThan(300_000);
    expect(await row.locator('[data-col="size"]').textContent()).toBe(`${(sizeBytes / 1024).toFixed(1)} KiB`);
    expect(await row.locator('[data-col="age"]').textContent()).toMatch(/^\d+s ago$/);
    expect(await row.locator('[data-col="sha256"]').textContent()).toBe(sha256.slice(0, 12));
    expect(await row.getByRole('button', { name: 'Restore' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    const viewer = await shopPage(viewerToken);
    const seen = viewer.page.locator(`[data-testid="backups"] tr[data-backup="${id}"]`);
    await seen.waitFor();
    expect(await seen.locator('[data-col="size"]').textContent()).toBe(`${(sizeBytes / 1024).toFixed(1)} KiB`);
    const panel = viewer.page.getByRole('region', { name: 'Backups' });
    expect(await panel.locator('button:enabled', { hasText: 'Restore' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Back up now' }).count()).toBe(0);
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();
  }, 180_000);

  it('backs up now from the page, then restores it into the volume and into another instance', async () => {
    const { context, page, problems } = await shopPage(tenant.token);
    // The backups there are (the test before's), shown: the page has read its list.
    const listed = await gql(
      t,
      tenant.token,
      'query($id: ID!) { instance(id: $id) { volumeBackups(first: 50) { edges { node { id } } } } }',
      { id: shopId },
    );
    const before: string[] = listed.instance.volumeBackups.edges.map((e: { node: { id: string } }) => e.node.id);
    if (before[0]) await page.locator(`tr[data-backup="${before[0]}"]`).waitFor();
    await page.getByRole('button', { name: 'Back up now' }).click();
    // The new row, first (newest first), followed to its end without a reload.
    await rows(page).nth(before.length).waitFor();
    const id = (await rows(page).first().getAttribute('data-backup')) ?? '';
    expect(before).not.toContain(id);
    await page.locator(`tr[data-backup="${id}"][data-status="SUCCEEDED"]`).waitFor();
    const stored = await t.database.db
      .selectFrom('volume_backups')
      .innerJoin('operations', 'operations.id', 'volume_backups.operation_id')
      .select([
        'volume_backups.status as backup',
        'volume_backups.consistency',
        'operations.kind',
        'operations.status',
        'operations.instance_id',
      ])
      .where('volume_backups.id', '=', localIdOf(id))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      backup: 'succeeded',
      consistency: 'stop',
      kind: 'backup',
      status: 'succeeded',
      instance_id: localIdOf(shopId),
    });
    if (SCREENSHOTS) {
      await page.mouse.move(0, 0);
      await page.getByRole('region', { name: 'Backups' }).screenshot({ path: 'docs/images/console-backups.png' });
    }

    // The volume changes after the backup; Restore, confirmed, brings the backed-up content back.
    await sh(shopId, 'echo second > /data/note.txt');
    expect(await sh(shopId, 'cat /data/note.txt')).toBe('second\n');
    await page.locator(`tr[data-backup="${id}"]`).getByRole('button', { name: 'Restore' }).click();
    const confirm = page.locator('[data-testid="restore-confirm"]');
    await confirm.getByRole('button', { name: /^Yes, restore into shop-/ }).click();
    expect(await restoreEnd(page, `shop-${stamp}`)).toBe('SUCCEEDED');
    expect(await sh(shopId, 'cat /data/note.txt')).toBe('first\n');

    // Into another instance of the tenant, chosen in the confirmation.
    await page.locator(`tr[data-backup="${id}"]`).getByRole('button', { name: 'Restore' }).click();
    await confirm.getByLabel('Restore into').selectOption({ label: `staging-${stamp}` });
    await confirm.getByRole('button', { name: `Yes, restore into staging-${stamp}` }).click();
    expect(await restoreEnd(page, `staging-${stamp}`)).toBe('SUCCEEDED');
    expect(await sh(stagingId, 'cat /data/note.txt')).toBe('first\n');
    const restores = await t.database.db
      .selectFrom('operations')
      .select(['instance_id', 'status'])
      .where('kind', '=', 'restore')
      .where('tenant_id', '=', tenant.tenantId)
      .orderBy('seq')
      .execute();
    expect(restores).toEqual([
      { instance_id: localIdOf(shopId), status: 'succeeded' },
      { instance_id: localIdOf(stagingId), status: 'succeeded' },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
  it('pages by keyset: ten newest first, then the older ones after the last cursor, and back', async () => {
    // Eleven older backups of the shop, days old, as their BACKUP operations recorded them.
    const day = 86_400_000;
    for (let i = 1; i <= 11; i++) {
      const operationId = randomUUID();
      await t.database.db
        .insertInto('operations')
        .values({
          id: operationId,
          tenant_id: tenant.tenantId,
          instance_id: localIdOf(shopId),
          kind: 'backup',
          status: 'succeeded',
          steps: json([]),
          params: json({}),
        })
        .execute();
      await t.database.db
        .insertInto('volume_backups')
        .values({
          id: randomUUID(),
          tenant_id: tenant.tenantId,
          instance_id: localIdOf(shopId),
          operation_id: operationId,
          volume: 'data',
          status: 'succeeded',
          consistency: 'live',
          size_bytes: 3 * 1024 * 1024 * i,
          sha256: 'c'.repeat(64),
          created_at: new Date(Date.now() - i * day),
        })
        .execute();
    }
    const all = await gql(
      t,
      tenant.token,
      'query($id: ID!) { instance(id: $id) { volumeBackups(first: 50) { edges { node { id } } } } }',
      { id: shopId },
    );
    const ids: string[] = all.instance.volumeBackups.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(ids.length).toBeGreaterThan(11);
    const { context, page, problems } = await shopPage(tenant.token);
    const shown = () => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-backup')));
    await rows(page).nth(9).waitFor();
    expect(await shown()).toEqual(ids.slice(0, 10));
    const panel = page.getByRole('region', { name: 'Backups' });
    await panel.getByRole('button', { name: 'Older →' }).click();
    await page.locator(`tr[data-backup="${ids[10]}"]`).waitFor();
    expect(await shown()).toEqual(ids.slice(10));
    // The oldest: eleven days, 33 MiB.
    const oldest = rows(page).last();
    expect(await oldest.locator('[data-col="age"]').textContent()).toBe('11d ago');
    expect(await oldest.locator('[data-col="size"]').textContent()).toBe('33.0 MiB');
    expect(await panel.getByRole('button', { name: 'Older →' }).isEnabled()).toBe(false);
    await panel.getByRole('button', { name: '← Newer' }).click();
    await page.locator(`tr[data-backup="${ids[0]}"]`).waitFor();
    expect(await shown()).toEqual(ids.slice(0, 10));
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
