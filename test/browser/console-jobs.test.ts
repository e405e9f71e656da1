/**
 * An instance's jobs in the web console, in Debian's Chromium against a real
 * server on the real Docker Engine: a job run through the API while the
 * instance page is open appears in its Jobs panel without a reload, with its
 * command, its end (FAILED) and its exit code; its log view shows the lines
 * the command printed, each once. Its Schedules panel shows each schedule's
 * cron and zone, its next run and how its last run ended (a tick taken
 * while the page is open, its log a click away), and pauses and resumes it
 * (checked in the database). With WHEELHOUSE_SCREENSHOTS=1 it writes
 * docs/images/console-jobs.png and console-schedules.png.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { ensureConsoleBuilt } from '../../src/server/console-build.js';
import { ScheduleTicker } from '../../src/worker/schedule-ticker.js';
import { gql, localIdOf, type TestApp, type TestTenant } from '../support/app.js';
import { dockerOrSkip, startDockerApp } from '../support/docker-app.js';
import { TEST_IMAGES } from '../support/docker-images.js';
import { skipUnless } from '../support/env.js';

const CHROMIUM = '/usr/bin/chromium';
const run =
  !skipUnless('Chromium', existsSync(CHROMIUM), `${CHROMIUM} is missing (apt package chromium)`) &&
  (await dockerOrSkip());
const SCREENSHOTS = process.env.WHEELHOUSE_SCREENSHOTS === '1';

describe.runIf(run)('console: jobs and their log', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let browser: Browser;
  let instanceId: string;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    t = await startDockerApp({ executor: { pollMs: 100 } });
    tenant = await t.newTenant();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const r = await gql(
      t,
      tenant.token,
      `mutation { provisionInstance(input: { name: "shop", wait: true,
         services: [{ name: "web", image: "${TEST_IMAGES.web1}" }] }) {
         __typename ... on ProvisionInstancePayload { instance { id } } ... on Error { message } } }`,
    );
    instanceId = r.provisionInstance.instance.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (instanceId)
      await gql(
        t,
        tenant.token,
        'mutation($id: ID!) { deprovisionInstance(input: { instanceId: $id, wait: true }) { __typename } }',
        { id: instanceId },
      ).catch(() => undefined);
    await t?.stop();
  }, 60_000);

  /** A page signed in with the tenant's token, on the instance's page once it shows RUNNING. */
  const instancePage = async () => {
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
    return { context, page, problems };
  };

  it('shows a job run while the page is open, its end and exit code, and its log', async () => {
    const { context, page, problems } = await instancePage();
    // No job yet: no panel.
    expect(await page.locator('[data-testid="jobs"]').count()).toBe(0);

    const r = await gql(
      t,
      tenant.token,
      `mutation($input: RunJobInput!) { runJob(input: $input) { __typename
         ... on RunJobPayload { job { id status exitCode } } ... on Error { message } } }`,
      {
        input: {
          instanceId,
          service: 'web',
          command: ['sh', '-c', 'echo migrating 3 tables; echo done with 2; exit 3'],
          wait: true,
        },
      },
    );
    expect(r.runJob.__typename, JSON.stringify(r)).toBe('RunJobPayload');
    const jobId: string = r.runJob.job.id;
    expect(r.runJob.job).toMatchObject({ status: 'FAILED', exitCode: 3 });

    // The page was not reloaded: the row appears through the event stream, with its end.
    const row = page.locator(`[data-testid="jobs"] tr[data-job="${jobId}"]`);
    await row.and(page.locator('[data-status="FAILED"]')).waitFor();
    expect(await row.locator('[data-col="command"]').textContent()).toBe(
      'sh -c echo migrating 3 tables; echo done with 2; exit 3',
    );
    expect(await row.locator('[data-col="exit"]').textContent()).toBe('3');

    await row.getByRole('button', { name: 'Log' }).click();
    const lines = page.locator('[data-testid="job-log-lines"] > div');
    await lines.filter({ hasText: 'done with 2' }).waitFor();
    const text = await lines.allTextContents();
    expect(text.filter((l) => l === 'migrating 3 tables')).toHaveLength(1);
    expect(text.filter((l) => l === 'done with 2')).toHaveLength(1);
    if (SCREENSHOTS) {
      await page.mouse.move(0, 0);
      await page.locator('[data-testid="jobs"]').locator('xpath=ancestor::section[1]').screenshot({
        path: 'docs/images/console-jobs.png',
      });
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows schedules with their next run and last result, its log, and pauses one', async () => {
    const { context, page, problems } = await instancePage();
    expect(await page.locator('[data-testid="schedules"]').count()).toBe(0);
    const made = await gql(
      t,
      tenant.token,
      `mutation($input: CreateScheduleInput!) { createSchedule(input: $input) { __typename
         ... on CreateSchedulePayload { schedule { id nextRunAt } } ... on Error { message } } }`,
      {
        input: {
          instanceId,
          schedule: {
            name: 'nightly-report',
            service: 'web',
            command: ['sh', '-c', 'echo report for 12 orders'],
            cron: '*/1 * * * *',
            timeZone: 'Europe/Berlin',
          },
        },
      },
    );
    expect(made.createSchedule.__typename, JSON.stringify(made)).toBe('CreateSchedulePayload');
    const { id, nextRunAt } = made.createSchedule.schedule as { id: string; nextRunAt: string };
    // A new schedule moves no instance event: the page shows it on its next read (a reload here).
    await page.reload();
    const row = page.locator('[data-testid="schedules"] tr[data-schedule="nightly-report"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('*/1 * * * * Europe/Berlin');
    expect(await row.locator('[data-col="last"]').textContent()).toBe('not run yet');
    expect(await row.locator('[data-col="next"] time').getAttribute('datetime')).toBe(nextRunAt);

    // The tick, taken by a ticker whose clock is just past it; the page, not reloaded, shows its end.
    const due = new Date(nextRunAt);
    await new ScheduleTicker({
      db: t.database.db,
      signal: t.app.services.signal,
      logger: createLogger('silent'),
      intervalMs: 60_000,
      now: () => new Date(due.getTime() + 1_000),
    }).tick();
    await row.locator('[data-col="last"]', { hasText: 'SUCCEEDED' }).waitFor();
    expect(await row.locator('[data-col="last"] time').getAttribute('datetime')).toBe(due.toISOString());
    await row.getByRole('button', { name: 'Log' }).click();
    await page.locator('[data-testid="job-log-lines"] > div', { hasText: 'report for 12 orders' }).waitFor();
    if (SCREENSHOTS) {
      await page.mouse.move(0, 0);
      await page.locator('[data-testid="schedules"]').locator('xpath=ancestor::section[1]').screenshot({
        path: 'docs/images/console-schedules.png',
      });
    }

    await row.getByRole('button', { name: 'Pause' }).click();
    await row.locator('[data-col="next"]', { hasText: 'PAUSED' }).waitFor();
    const stored = await t.database.db
      .selectFrom('schedules')
      .select(['suspended', 'next_run_at'])
      .where('id', '=', localIdOf(id))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ suspended: true, next_run_at: null });
    await row.getByRole('button', { name: 'Resume' }).click();
    await row.locator('[data-col="next"] time').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
