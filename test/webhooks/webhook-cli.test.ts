import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutSecretDocument } from '../../src/client/generated/graphql.js';
import { loadConfig } from '../../src/config.js';
import { query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** `wheelhouse webhooks …` as a user runs it: the CLI as a subprocess against a real server and receiver. */

const BIN = resolve(import.meta.dirname, '../../bin/wheelhouse');
let t: TestApp;
let tenant: TestTenant;
let dir = '';
const receiver = new WebhookReceiver();

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      WHEELHOUSE_CONFIG: join(dir, 'config.json'),
      WHEELHOUSE_URL: t.url,
      WHEELHOUSE_TOKEN: tenant.token,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wheelhouse-webhook-cli-'));
  const base = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test', LOG_LEVEL: 'silent' });
  t = await startTestApp({
    config: { webhooks: { ...base.webhooks, allowPrivate: true, retrySeconds: [0.2], timeoutSeconds: 2 } },
    webhooks: { pollMs: 100 },
  });
  tenant = await t.newTenant();
  await receiver.listen();
}, 60_000);

afterAll(async () => {
  await receiver.close();
  await t?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('wheelhouse webhooks', () => {
  it('add prints the secret once; ls, test, deliveries, redeliver and rm work end to end', async () => {
    const add = await cli([
      'webhooks',
      'add',
      receiver.url,
      '--event',
      'secret.*',
      'webhook.test',
      '--description',
      'ci',
    ]);
    expect(add.code, add.stderr).toBe(0);
    const [secret, note] = add.stdout.trim().split('\n');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = /webhook (\S+);/.exec(note ?? '')?.[1];
    expect(id).toBeDefined();
    receiver.secrets = [secret!];

    const ls = await cli(['webhooks', 'ls']);
    expect(ls.code, ls.stderr).toBe(0);
    expect(ls.stdout).toContain(receiver.url);
    expect(ls.stdout).toContain('secret.*,webhook.test');
    expect(ls.stdout).not.toContain('whsec_');

    const test = await cli(['webhooks', 'test', id!]);
    expect(test.code, test.stderr).toBe(0);
    await receiver.waitFor('the test message', () => receiver.ofType('webhook.test').length === 1);
    await query(t.url, tenant.token, PutSecretDocument, { input: { key: 'cli', value: 'v' } });
    await receiver.waitFor('the secret.put message', () => receiver.ofType('secret.put').length === 1);
    for (const m of receiver.received) expect(m.verifiedBy).toEqual([secret]);

    let deliveries = '';
    for (;;) {
      const r = await cli(['webhooks', 'deliveries', id!, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const rows = JSON.parse(r.stdout) as { id: string; status: string; eventType: string; messageId: string }[];
      if (rows.length === 2 && rows.every((d) => d.status === 'SUCCEEDED')) {
        deliveries = r.stdout;
        const put = rows.find((d) => d.eventType === 'secret.put')!;
        const re = await cli(['webhooks', 'redeliver', put.id]);
        expect(re.code, re.stderr).toBe(0);
        await receiver.waitFor('the redelivery', () => receiver.ofType('secret.put').length === 2);
        expect(receiver.ofType('secret.put').map((m) => m.id)).toEqual([put.messageId, put.messageId]);
        break;
      }
    }
    expect(deliveries).toContain('secret.put');
    const failedOnly = await cli(['webhooks', 'deliveries', id!, '--status', 'failed']);
    expect(failedOnly.code).toBe(0);
    expect(failedOnly.stdout).not.toContain('secret.put');

    const rm = await cli(['webhooks', 'rm', id!]);
    expect(rm.code, rm.stderr).toBe(0);
    expect((await cli(['webhooks', 'ls', '--json'])).stdout.trim()).toBe('[]');
  }, 90_000);
});
