import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { CreateWebhookDocument, PutSecretDocument } from '../../src/client/generated/graphql.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import { appendEvents } from '../../src/db/repositories/event-repository.js';
import { query, startTestApp, TEST_BOOTSTRAP_TOKEN, type TestApp } from '../support/app.js';
import { itOnPostgres, postgresServerUrl } from '../support/database.js';
import { inFileDatabase } from '../support/postgres-file-database.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/*
 * At least once across a SIGKILL: a real server process has attempts in
 * flight (its receiver never answers) and deliveries queued behind them when
 * it is killed; events are then committed that no process has dispatched.
 * Another process on the same database delivers every one of them, the
 * interrupted ones again under the same webhook-id.
 */

const SECRET_KEY = randomBytes(32).toString('hex');
let child: ChildProcess | undefined;
let dir = '';
let app2: TestApp | undefined;
const receiver = new WebhookReceiver();

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await app2?.stop();
  await receiver.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function startChild(databaseUrl: string): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'wheelhouse-webhook-kill-'));
  const providers = join(dir, 'providers.json');
  await writeFile(providers, '[]');
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WHEELHOUSE_DATA_DIR: dir,
      WHEELHOUSE_SECRET_KEY: SECRET_KEY,
      WHEELHOUSE_BOOTSTRAP_TOKEN: TEST_BOOTSTRAP_TOKEN,
      WHEELHOUSE_PROVIDERS: providers,
      WHEELHOUSE_SUPERVISOR: 'false',
      WHEELHOUSE_WEBHOOK_ALLOW_PRIVATE: 'true',
      WHEELHOUSE_WEBHOOK_TIMEOUT_SECONDS: '2',
      WHEELHOUSE_WEBHOOK_RETRY_SECONDS: '0.2,0.2,0.2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = child;
  let out = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server never announced its URL:\n${out}`)), 90_000);
    const read = (d: Buffer) => {
      out += d.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('wheelhouse is serving')) continue;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    };
    proc.stdout?.on('data', read);
    proc.stderr?.on('data', read);
    proc.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
}

describe('a SIGKILL with deliveries pending', () => {
  itOnPostgres(
    'loses no event: interrupted attempts are made again with the same webhook-id, undispatched events are dispatched',
    async () => {
      const databaseUrl = await inFileDatabase(postgresServerUrl()!);
      await receiver.listen();
      receiver.answer = () => 'hang';
      const url = await startChild(databaseUrl);

      const created = await query(url, TEST_BOOTSTRAP_TOKEN, CreateWebhookDocument, { input: { url: receiver.url } });
      if (created.createWebhook.__typename !== 'CreateWebhookPayload') throw new Error(JSON.stringify(created));
      receiver.secrets = [created.createWebhook.signingSecret];
      for (let i = 1; i <= 6; i++) {
        const r = await query(url, TEST_BOOTSTRAP_TOKEN, PutSecretDocument, {
          input: { key: `before-${i}`, value: 'v' },
        });
        expect(r.putSecret.__typename).toBe('PutSecretPayload');
      }
      // Four attempts in flight (the per-webhook limit), two deliveries queued behind them.
      await receiver.waitFor('attempts in flight', () => receiver.received.length >= 4, 20_000);
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child!.kill('SIGKILL');
      await exited;
      const interrupted = receiver.received.map((m) => m.id);

      // Committed with nobody running to dispatch them.
      const db = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
      try {
        const tenant = await db.db
          .selectFrom('tenants')
          .select('id')
          .where('name', '=', 'default')
          .executeTakeFirstOrThrow();
        await db.db.transaction().execute((trx) =>
          appendEvents(trx, [
            {
              tenant_id: tenant.id,
              instance_id: null,
              operation_id: null,
              type: 'test.after_kill',
              message: 'after-1',
            },
            {
              tenant_id: tenant.id,
              instance_id: null,
              operation_id: null,
              type: 'test.after_kill',
              message: 'after-2',
            },
          ]),
        );
      } finally {
        await db.close();
      }

      receiver.answer = () => 200;
      const base = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: dir, LOG_LEVEL: 'silent' });
      const pg = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 5 });
      app2 = await startTestApp({
        database: pg,
        config: {
          secretKey: SECRET_KEY,
          webhooks: { ...base.webhooks, allowPrivate: true, timeoutSeconds: 2, retrySeconds: [0.2, 0.2, 0.2] },
        },
        webhooks: { pollMs: 100 },
      });
      const delivered = () => new Set(receiver.received.filter((m) => m.answered === 200).map((m) => m.id));
      // The interrupted attempts' leases lapse (timeout + 5 s), then they are claimed again.
      await receiver.waitFor('all eight messages answered 200', () => delivered().size === 8, 30_000);
      await app2.stop();
      await pg.close();
      app2 = undefined;

      for (const m of receiver.received) expect(m.verifiedBy).toHaveLength(1);
      for (const id of interrupted) expect(delivered().has(id), id).toBe(true);
      const messages = receiver.received.filter((m) => m.answered === 200).map((m) => String(m.payload?.data.message));
      for (let i = 1; i <= 6; i++) expect(messages.filter((s) => s.includes(`"before-${i}"`))).toHaveLength(1);
      expect(messages.filter((s) => s === 'after-1' || s === 'after-2').sort()).toEqual(['after-1', 'after-2']);
    },
    150_000,
  );
});
