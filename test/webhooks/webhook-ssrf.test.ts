import type { LookupAddress } from 'node:dns';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  PutSecretDocument,
  WebhookDeliveriesDocument,
} from '../../src/client/generated/graphql.js';
import { loadConfig } from '../../src/config.js';
import { type Resolver, refusedAddress } from '../../src/control/webhook-addresses.js';
import { query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/*
 * The network guard. Names resolve through a stub (injected as the
 * deliverer's resolver), so a test can make a name answer a private or
 * metadata address without any DNS. The guard refuses those addresses inside
 * the socket's lookup, before a connection is made: the only address any
 * socket here is given is loopback, and only where loopback is allowed.
 */

const STUB: Record<string, LookupAddress[]> = {
  'rebind.test': [{ address: '10.0.0.1', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'metadata6.test': [{ address: 'fd00:ec2::254', family: 6 }],
  'mapped.test': [{ address: '::ffff:10.0.0.1', family: 6 }],
  // One good address and one bad: refused as a whole.
  'mixed.test': [
    { address: '127.0.0.1', family: 4 },
    { address: '192.168.1.10', family: 4 },
  ],
  'loop.test': [{ address: '127.0.0.1', family: 4 }],
};

function stubResolver(asked: string[], answers: Record<string, LookupAddress[]>): Resolver {
  return (hostname, _options, callback) => {
    asked.push(hostname);
    const found = answers[hostname];
    if (!found) callback(Object.assign(new Error(`stub: no ${hostname}`), { code: 'ENOTFOUND' }), []);
    else callback(null, found);
  };
}

async function appWith(allowPrivate: boolean, resolver: Resolver): Promise<TestApp> {
  const base = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test', LOG_LEVEL: 'silent' });
  return startTestApp({
    config: {
      mutationRateLimitPerMinute: 100_000,
      webhooks: { ...base.webhooks, allowPrivate, retrySeconds: [0.1, 0.1], timeoutSeconds: 2 },
    },
    webhooks: { pollMs: 100, resolver },
  });
}

async function create(t: TestApp, tenant: TestTenant, url: string) {
  return (await query(t.url, tenant.token, CreateWebhookDocument, { input: { url } })).createWebhook;
}

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe('the address rules', () => {
  it('refuses private, loopback, link-local, unique-local and metadata addresses; metadata even when private is allowed', () => {
    for (const a of [
      '10.1.2.3',
      '127.0.0.1',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.1.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ]) {
      expect(refusedAddress(a, false), a).toMatch(/loopback, private or link-local/);
      expect(refusedAddress(a, true), a).toBeUndefined();
    }
    for (const a of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254']) {
      expect(refusedAddress(a, false), a).toMatch(/metadata/);
      expect(refusedAddress(a, true), a).toMatch(/metadata/);
    }
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
      expect(refusedAddress(a, false), a).toBeUndefined();
  });
});

describe('createWebhook refuses what it can tell at once', () => {
  it('bad schemes, credentials, literal metadata addresses, and literal private ones unless allowed', async () => {
    const strict = await appWith(false, stubResolver([], {}));
    try {
      const tenant = await strict.newTenant();
      for (const url of [
        'ftp://example.com/',
        'file:///etc/passwd',
        'not a url',
        'http://user:pw@example.com/',
        'http://169.254.169.254/latest/meta-data',
        'http://[fd00:ec2::254]/',
        'http://10.0.0.1/',
        'http://127.0.0.1:9/',
        'http://[::1]/',
      ]) {
        const r = await create(strict, tenant, url);
        expect(r.__typename, url).toBe('ValidationError');
        if (r.__typename === 'ValidationError') expect(r.fieldErrors[0]?.path).toEqual(['input', 'url']);
      }
      // A name is not judged here (it may resolve anywhere later): it is checked at connect time.
      expect((await create(strict, tenant, 'https://hooks.example.com/x')).__typename).toBe('CreateWebhookPayload');
    } finally {
      await strict.stop();
    }
    const lax = await appWith(true, stubResolver([], {}));
    try {
      const tenant = await lax.newTenant();
      expect((await create(lax, tenant, 'http://169.254.169.254/')).__typename).toBe('ValidationError');
      expect((await create(lax, tenant, 'http://[fd00:ec2::254]/')).__typename).toBe('ValidationError');
      const allowed = await create(lax, tenant, 'http://10.0.0.1/');
      expect(allowed.__typename).toBe('CreateWebhookPayload');
      // Gone before any event could select it: no test here ever sends to a non-loopback address.
      if (allowed.__typename === 'CreateWebhookPayload') {
        const del = await query(lax.url, tenant.token, DeleteWebhookDocument, {
          input: { webhookId: allowed.webhook.id },
        });
        expect(del.deleteWebhook.__typename).toBe('DeleteWebhookPayload');
      }
    } finally {
      await lax.stop();
    }
  }, 60_000);
});

describe('the connect-time guard', () => {
  it('refuses names that resolve to refused addresses before connecting, and records why; loopback gets through only when allowed', async () => {
    const receiver = await new WebhookReceiver().listen();
    receivers.push(receiver);
    const asked: string[] = [];
    const t = await appWith(false, stubResolver(asked, STUB));
    const names = ['rebind.test', 'metadata.test', 'metadata6.test', 'mapped.test', 'mixed.test', 'loop.test'];
    try {
      const tenant = await t.newTenant();
      const hooks: { name: string; id: string }[] = [];
      for (const name of names) {
        const r = await create(t, tenant, `http://${name}:${receiver.port}/hook`);
        if (r.__typename !== 'CreateWebhookPayload') throw new Error(`${name}: ${JSON.stringify(r)}`);
        hooks.push({ name, id: r.webhook.id });
      }
      await query(t.url, tenant.token, PutSecretDocument, { input: { key: 'k', value: 'v' } });
      for (const { name, id } of hooks) {
        // Three attempts (the first and two retries), each refused, then FAILED.
        for (;;) {
          const r = await query(t.url, tenant.token, WebhookDeliveriesDocument, { id });
          const d = r.webhook?.deliveries.edges[0]?.node;
          if (d?.status === 'FAILED') {
            expect(d.attempts, name).toBe(3);
            expect(d.responseStatus, name).toBeNull();
            expect(d.lastError, name).toMatch(new RegExp(`^refused: ${name.replace('.', '\\.')} resolved to `));
            break;
          }
          await new Promise((res) => setTimeout(res, 50));
        }
      }
      for (const name of names) expect(asked.filter((n) => n === name).length, name).toBeGreaterThanOrEqual(3);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await t.stop();
    }

    // Positive control: with private targets allowed, the same kind of webhook reaches the loopback receiver.
    // Every name this resolver knows is loopback: nothing here can reach another address.
    const t2 = await appWith(true, stubResolver([], { 'loop.test': [{ address: '127.0.0.1', family: 4 }] }));
    try {
      const tenant = await t2.newTenant();
      const r = await create(t2, tenant, `http://loop.test:${receiver.port}/hook`);
      if (r.__typename !== 'CreateWebhookPayload') throw new Error(JSON.stringify(r));
      receiver.secrets = [r.signingSecret];
      await query(t2.url, tenant.token, PutSecretDocument, { input: { key: 'k', value: 'v' } });
      await receiver.waitFor('the allowed message', () => receiver.received.length === 1);
      expect(receiver.received[0]?.verifiedBy).toEqual([r.signingSecret]);
    } finally {
      await t2.stop();
    }
  }, 60_000);
});
