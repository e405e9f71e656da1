import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateApiTokenDocument,
  CreateWebhookDocument,
  DeleteSecretDocument,
  DeleteWebhookDocument,
  PutSecretDocument,
  RedeliverWebhookDeliveryDocument,
  RotateWebhookSecretDocument,
  TestWebhookDocument,
  UpdateWebhookDocument,
  WebhookDeliveriesDocument,
  WebhooksDocument,
} from '../../src/client/generated/graphql.js';
import { loadConfig } from '../../src/config.js';
import { metricsRegistry } from '../../src/control/metrics.js';
import { eventPosition } from '../../src/db/repositories/event-repository.js';
import { Registry } from '../../src/providers/registry.js';
import { execute, localIdOf, query, startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { RawClient, SeedProvider, seedInstance } from '../support/seed.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/*
 * Outbound webhooks end to end: events of a tenant's feed, made through the
 * API, POSTed to real receivers on loopback that verify every request with the
 * `standardwebhooks` package (the reference implementation, not our code).
 */

// Attempts at 0, 0.2, 0.7, 1.7, 3.7 … 21.7 s: a receiver down for 15 s is reached by a later one.
const RETRY_SECONDS = [0.2, 0.5, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];

let t: TestApp;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  const config = await loadConfig({ PORT: '0', WHEELHOUSE_DATA_DIR: '/tmp/wheelhouse-test', LOG_LEVEL: 'silent' });
  const registry = new Registry();
  registry.register('seed', new SeedProvider());
  t = await startTestApp({
    registry,
    config: {
      mutationRateLimitPerMinute: 100_000,
      webhooks: { ...config.webhooks, allowPrivate: true, retrySeconds: RETRY_SECONDS, timeoutSeconds: 2 },
    },
    webhooks: { pollMs: 100 },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.stop();
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await new WebhookReceiver().listen();
  receivers.push(r);
  return r;
}

async function createHook(tenant: TestTenant, url: string, eventTypes?: string[]) {
  const r = await query(t.url, tenant.token, CreateWebhookDocument, {
    input: { url, ...(eventTypes ? { eventTypes } : {}), description: 'test' },
  });
  if (r.createWebhook.__typename !== 'CreateWebhookPayload') throw new Error(JSON.stringify(r.createWebhook));
  return { id: r.createWebhook.webhook.id, secret: r.createWebhook.signingSecret };
}

async function putSecret(tenant: TestTenant, key: string): Promise<void> {
  const r = await query(t.url, tenant.token, PutSecretDocument, { input: { key, value: 'v' } });
  expect(r.putSecret.__typename).toBe('PutSecretPayload');
}

async function deliveriesOf(tenant: TestTenant, webhookId: string) {
  const r = await query(t.url, tenant.token, WebhookDeliveriesDocument, { id: webhookId, first: 100 });
  return r.webhook?.deliveries.edges.map((e) => e.node) ?? [];
}

/** The webhook's deliveries once `done` holds for them (an attempt is recorded after the receiver answered). */
async function deliveriesWhen(
  tenant: TestTenant,
  webhookId: string,
  done: (ds: Awaited<ReturnType<typeof deliveriesOf>>) => boolean,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ds = await deliveriesOf(tenant, webhookId);
    if (done(ds)) return ds;
    if (Date.now() > deadline) throw new Error(`deliveries never got there: ${JSON.stringify(ds)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** The tenant's event types after `afterId`, oldest first, as stored (but the audit log's: only webhooks naming them get those). */
async function eventsOf(tenantId: string, afterId = '0') {
  return t.database.db
    .selectFrom('events')
    .select(['xact', 'id', 'type'])
    .where('tenant_id', '=', tenantId)
    .where('id', '>', afterId)
    .where('type', 'not like', 'audit.%')
    .orderBy('xact')
    .orderBy('id')
    .execute();
}

/** Received messages sorted by their event's cursor (`data.cursor`, a decimal position in the tenant's log). */
function byCursor(received: WebhookReceiver['received']): WebhookReceiver['received'] {
  const at = (m: WebhookReceiver['received'][number]) => BigInt(String(m.payload?.data.cursor ?? '0'));
  return [...received].sort((x, y) => (at(x) < at(y) ? -1 : at(x) > at(y) ? 1 : 0));
}

async function latestEventId(): Promise<string> {
  const r = await t.database.db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return String(r?.max ?? '0');
}

describe('delivery', () => {
  it('sends every selected event, signed and verified by standardwebhooks; filters select exactly their types; another tenant gets none', async () => {
    const a = await t.newTenant();
    const b = await t.newTenant();
    const [all, secretsOnly, tokenCreated, other, audit] = await Promise.all([
      receiver(),
      receiver(),
      receiver(),
      receiver(),
      receiver(),
    ]);
    const before = await latestEventId();
    const hAll = await createHook(a, all.url);
    const hSecrets = await createHook(a, secretsOnly.url, ['secret.*']);
    const hToken = await createHook(a, tokenCreated.url, ['token.created']);
    const hOther = await createHook(b, other.url);
    // The audit log's export: only a webhook that names audit.entry gets it (its own creation's entry first).
    const hAudit = await createHook(a, audit.url, ['audit.entry']);
    audit.secrets = [hAudit.secret];
    all.secrets = [hAll.secret];
    secretsOnly.secrets = [hSecrets.secret];
    tokenCreated.secrets = [hToken.secret];
    other.secrets = [hOther.secret];

    for (const key of ['one', 'two', 'three']) await putSecret(a, key);
    expect((await query(t.url, a.token, DeleteSecretDocument, { input: { key: 'two' } })).deleteSecret.__typename).toBe(
      'DeleteSecretPayload',
    );
    const tok = await query(t.url, a.token, CreateApiTokenDocument, { input: { name: 'ci', scopes: ['READ'] } });
    expect(tok.createApiToken.__typename).toBe('CreateApiTokenPayload');
    await putSecret(b, 'b-only'); // the other tenant's positive control

    const events = await eventsOf(a.tenantId, before);
    expect(events.map((e) => e.type)).toEqual([
      'secret.put',
      'secret.put',
      'secret.put',
      'secret.deleted',
      'token.created',
    ]);
    const cursorsOf = (types: (type: string) => boolean) =>
      events.filter((e) => types(e.type)).map((e) => String(eventPosition(e)));

    await all.waitFor('every event', () => all.received.length >= events.length);
    await secretsOnly.waitFor('the secret events', () => secretsOnly.received.length >= 4);
    await tokenCreated.waitFor('token.created', () => tokenCreated.received.length >= 1);
    await other.waitFor("the other tenant's event", () => other.received.length >= 1);
    await audit.waitFor('the audit entries', () => audit.received.length >= 6);
    expect(
      byCursor(audit.received).map((m) => [m.payload?.type, (m.payload?.data.data as { action?: string })?.action]),
    ).toEqual([
      ['audit.entry', 'createWebhook'],
      ['audit.entry', 'putSecret'],
      ['audit.entry', 'putSecret'],
      ['audit.entry', 'putSecret'],
      ['audit.entry', 'deleteSecret'],
      ['audit.entry', 'createApiToken'],
    ]);
    for (const m of audit.received) expect(m.verifiedBy, m.body).toEqual(audit.secrets);
    // The filterless webhook of the same tenant got none of them.
    expect(all.received.map((m) => m.payload?.type)).not.toContain('audit.entry');
    // Everything a process could still send has been sent: nothing is pending for these webhooks.
    for (const [tenant, hook] of [
      [a, hAll],
      [a, hSecrets],
      [a, hToken],
      [b, hOther],
    ] as const) {
      await deliveriesWhen(tenant, hook.id, (ds) => ds.length > 0 && ds.every((d) => d.status === 'SUCCEEDED'));
    }

    for (const r of [all, secretsOnly, tokenCreated, other]) {
      for (const m of r.received) expect(m.verifiedBy, m.body).toEqual(r.secrets);
    }
    // Up to 4 attempts per webhook are in flight at once, so messages may arrive out of order (docs/webhooks.md):
    // compared in cursor order, as a receiver that needs order sorts them.
    const cursors = (r: WebhookReceiver) => byCursor(r.received).map((m) => m.payload?.data.cursor);
    expect(cursors(all)).toEqual(cursorsOf(() => true));
    expect(cursors(secretsOnly)).toEqual(cursorsOf((type) => type.startsWith('secret.')));
    expect(cursors(tokenCreated)).toEqual(cursorsOf((type) => type === 'token.created'));
    expect(other.received.map((m) => m.payload?.type)).toEqual(['secret.put']);
    expect(other.received[0]?.payload?.data.message).toContain('b-only');
    // One webhook-id per event, per webhook.
    expect(new Set(all.received.map((m) => m.id)).size).toBe(events.length);
    // The body the contract describes.
    const first = all.received[0]!.payload!;
    expect(Object.keys(first).sort()).toEqual(['data', 'timestamp', 'type']);
    expect(Object.keys(first.data).sort()).toEqual(
      [
        'cursor',
        'data',
        'fromState',
        'instanceId',
        'instanceName',
        'message',
        'operationId',
        'ready',
        'toState',
      ].sort(),
    );
    expect(Number.isNaN(Date.parse(first.timestamp))).toBe(false);

    // A redelivery is the same message: same webhook-id, same body.
    const delivered = (await deliveriesWhen(a, hToken.id, (ds) => ds[0]?.status === 'SUCCEEDED'))[0]!;
    expect(delivered.messageId).toBe(tokenCreated.received[0]!.id);
    const re = await query(t.url, a.token, RedeliverWebhookDeliveryDocument, { input: { deliveryId: delivered.id } });
    expect(re.redeliverWebhookDelivery.__typename).toBe('RedeliverWebhookDeliveryPayload');
    await tokenCreated.waitFor('the redelivery', () => tokenCreated.received.length >= 2);
    expect(tokenCreated.received[1]!.id).toBe(tokenCreated.received[0]!.id);
    expect(tokenCreated.received[1]!.body).toBe(tokenCreated.received[0]!.body);
    expect(tokenCreated.received[1]!.verifiedBy).toEqual([hToken.secret]);

    // testWebhook: a webhook.test message, signed the same way.
    const test = await query(t.url, a.token, TestWebhookDocument, { input: { webhookId: hSecrets.id } });
    expect(test.testWebhook.__typename).toBe('TestWebhookPayload');
    await secretsOnly.waitFor('the test message', () => secretsOnly.ofType('webhook.test').length === 1);
    expect(secretsOnly.ofType('webhook.test')[0]!.verifiedBy).toEqual([hSecrets.secret]);

    const scrape = await metricsRegistry.getSingleMetricAsString('wheelhouse_webhook_attempts_total');
    expect(scrape).toMatch(/wheelhouse_webhook_attempts_total\{outcome="succeeded"\} \d+/);
    const latency = await metricsRegistry.getSingleMetricAsString('wheelhouse_webhook_delivery_latency_seconds');
    expect(latency).toMatch(/wheelhouse_webhook_delivery_latency_seconds_count [1-9]/);
  }, 60_000);

  it("an instance's events carry its name beside its id", async () => {
    const a = await t.newTenant();
    const r = await receiver();
    const hook = await createHook(a, r.url, ['instance.*']);
    r.secrets = [hook.secret];
    const inst = await seedInstance(new RawClient(t.url), a.token, {
      name: 'hooked-shop',
      provider: 'seed',
      services: [{ name: 'web', image: 'registry.example.com/hooked/web:1' }],
    });
    await r.waitFor('the instance events', () => r.ofType('instance.state_changed').length >= 2);
    for (const m of r.ofType('instance.state_changed')) {
      expect(m.payload?.data.instanceId).toBe(inst.id);
      expect(m.payload?.data.instanceName).toBe('hooked-shop');
    }
  });

  it('retries a receiver that answers 500 twice, then 200: one message id on every attempt', async () => {
    const a = await t.newTenant();
    const r = await receiver();
    const hook = await createHook(a, r.url);
    r.secrets = [hook.secret];
    r.answer = (_m, nth) => (nth <= 2 ? 500 : 200);
    await putSecret(a, 'flaky');
    await r.waitFor('three attempts', () => r.received.length >= 3);
    expect(r.received.map((m) => m.answered)).toEqual([500, 500, 200]);
    expect(new Set(r.received.map((m) => m.id)).size).toBe(1);
    for (const m of r.received) expect(m.verifiedBy).toEqual([hook.secret]);
    const [d] = await deliveriesWhen(a, hook.id, (ds) => ds[0]?.status !== 'PENDING');
    expect(d).toMatchObject({ status: 'SUCCEEDED', attempts: 3, responseStatus: 200, messageId: r.received[0]!.id });
    expect(d?.deliveredAt).not.toBeNull();
  }, 30_000);

  it('delivers to a receiver that was down for 15 s, on a later attempt of the schedule', async () => {
    const a = await t.newTenant();
    const r = await receiver();
    const port = r.port;
    const hook = await createHook(a, r.url);
    r.secrets = [hook.secret];
    await r.close();
    const downAt = Date.now();
    await putSecret(a, 'while-down-1');
    await putSecret(a, 'while-down-2');
    // Wait for a failed attempt to be recorded (connection refused), then keep it down 15 s in all.
    for (;;) {
      const ds = await deliveriesOf(a, hook.id);
      if (ds.length === 2 && ds.every((d) => d.attempts >= 1 && d.lastError)) {
        expect(ds.every((d) => d.status === 'PENDING' && /ECONNREFUSED/.test(d.lastError ?? ''))).toBe(true);
        break;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
    await new Promise((res) => setTimeout(res, Math.max(0, 15_000 - (Date.now() - downAt))));
    expect(r.received).toHaveLength(0);
    await r.listen(port);
    await r.waitFor('both messages', () => r.received.length >= 2, 15_000);
    expect(r.received.map((m) => m.payload?.data.message).sort()).toEqual([
      expect.stringContaining('while-down-1'),
      expect.stringContaining('while-down-2'),
    ]);
    const ds = await deliveriesWhen(a, hook.id, (list) => list.every((d) => d.status !== 'PENDING'));
    expect(ds.every((d) => d.status === 'SUCCEEDED' && d.attempts > 2)).toBe(true);
  }, 60_000);

  it('a 410 answer disables the webhook with a reason; its later events are not sent', async () => {
    const a = await t.newTenant();
    const gone = await receiver();
    const control = await receiver();
    const hook = await createHook(a, gone.url);
    const ctl = await createHook(a, control.url);
    gone.secrets = [hook.secret];
    control.secrets = [ctl.secret];
    gone.answer = () => 410;
    await putSecret(a, 'first');
    await gone.waitFor('the 410', () => gone.received.length === 1);
    let listed: Awaited<ReturnType<typeof query<unknown, unknown>>> | undefined;
    for (;;) {
      const r = await query(t.url, a.token, WebhookDeliveriesDocument, { id: hook.id });
      if (r.webhook && !r.webhook.enabled) {
        listed = r;
        expect(r.webhook.disabledReason).toMatch(/410/);
        expect(r.webhook.deliveries.edges[0]?.node).toMatchObject({
          status: 'FAILED',
          responseStatus: 410,
          attempts: 1,
        });
        break;
      }
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(listed).toBeDefined();
    await putSecret(a, 'second');
    await control.waitFor('both events at the control', () => control.received.length === 2);
    expect(gone.received).toHaveLength(1);
    // Re-enabled, it receives what comes next.
    gone.answer = () => 200;
    const en = await query(t.url, a.token, UpdateWebhookDocument, { input: { webhookId: hook.id, enabled: true } });
    expect(en.updateWebhook.__typename === 'UpdateWebhookPayload' && en.updateWebhook.webhook.enabled).toBe(true);
    await putSecret(a, 'third');
    await gone.waitFor('the event after re-enabling', () =>
      gone.received.some((m) => /third/.test(String(m.payload?.data.message))),
    );
  }, 30_000);

  it('a webhook failing for longer than the limit is disabled with the reason', async () => {
    const a = await t.newTenant();
    const r = await receiver();
    const hook = await createHook(a, r.url);
    r.secrets = [hook.secret];
    r.answer = () => 503;
    // Failing since long before the limit (5 days by default): the next failed attempt disables it.
    await t.database.db
      .updateTable('webhooks')
      .set({ failing_since: new Date(Date.now() - 6 * 86_400_000) })
      .where('id', '=', localIdOf(hook.id))
      .execute();
    await putSecret(a, 'boom');
    await r.waitFor('an attempt', () => r.received.length >= 1);
    for (;;) {
      const list = await query(t.url, a.token, WebhooksDocument, {});
      const w = list.webhooks.edges.find((e) => e.node.id === hook.id)?.node;
      if (w && !w.enabled) {
        expect(w.disabledReason).toMatch(/every attempt failed since .*last error: the receiver answered 503/);
        break;
      }
      await new Promise((res) => setTimeout(res, 50));
    }
  }, 30_000);

  it('rotation: during the overlap both secrets verify; without one only the new does', async () => {
    const a = await t.newTenant();
    const r = await receiver();
    const hook = await createHook(a, r.url);
    const rot = await query(t.url, a.token, RotateWebhookSecretDocument, {
      input: { webhookId: hook.id, overlapSeconds: 3600 },
    });
    if (rot.rotateWebhookSecret.__typename !== 'RotateWebhookSecretPayload') throw new Error('rotation refused');
    const second = rot.rotateWebhookSecret.signingSecret;
    expect(second).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(second).not.toBe(hook.secret);
    r.secrets = [hook.secret, second];
    await putSecret(a, 'overlap');
    await r.waitFor('the message', () => r.received.length === 1);
    expect(r.received[0]!.signature.split(' ')).toHaveLength(2);
    expect(r.received[0]!.verifiedBy).toEqual([hook.secret, second]);

    const rot2 = await query(t.url, a.token, RotateWebhookSecretDocument, {
      input: { webhookId: hook.id, overlapSeconds: 0 },
    });
    if (rot2.rotateWebhookSecret.__typename !== 'RotateWebhookSecretPayload') throw new Error('rotation refused');
    const third = rot2.rotateWebhookSecret.signingSecret;
    r.secrets = [hook.secret, second, third];
    await putSecret(a, 'no-overlap');
    await r.waitFor('the second message', () => r.received.length === 2);
    expect(r.received[1]!.verifiedBy).toEqual([third]);
  }, 30_000);
});

describe('isolation', () => {
  it("another tenant cannot see or change this tenant's webhooks or deliveries (NotFound, never Forbidden)", async () => {
    const a = await t.newTenant();
    const b = await t.newTenant();
    const r = await receiver();
    const hook = await createHook(a, r.url);
    r.secrets = [hook.secret];
    await putSecret(a, 'mine');
    await r.waitFor('the message', () => r.received.length === 1);
    const [delivery] = await deliveriesWhen(a, hook.id, (ds) => ds[0]?.status === 'SUCCEEDED');
    expect(delivery).toBeDefined();

    // Positive control: the owner sees it.
    expect((await query(t.url, a.token, WebhooksDocument, {})).webhooks.edges.map((e) => e.node.id)).toEqual([hook.id]);
    expect((await query(t.url, b.token, WebhooksDocument, {})).webhooks.edges).toEqual([]);
    expect((await query(t.url, b.token, WebhookDeliveriesDocument, { id: hook.id })).webhook).toBeNull();
    const asB = [
      (
        await query(t.url, b.token, UpdateWebhookDocument, {
          input: { webhookId: hook.id, url: 'http://127.0.0.1:1/x' },
        })
      ).updateWebhook.__typename,
      (await query(t.url, b.token, RotateWebhookSecretDocument, { input: { webhookId: hook.id } })).rotateWebhookSecret
        .__typename,
      (await query(t.url, b.token, TestWebhookDocument, { input: { webhookId: hook.id } })).testWebhook.__typename,
      (await query(t.url, b.token, RedeliverWebhookDeliveryDocument, { input: { deliveryId: delivery!.id } }))
        .redeliverWebhookDelivery.__typename,
      (await query(t.url, b.token, DeleteWebhookDocument, { input: { webhookId: hook.id } })).deleteWebhook.__typename,
    ];
    expect(asB).toEqual(['NotFoundError', 'NotFoundError', 'NotFoundError', 'NotFoundError', 'NotFoundError']);
    // Nothing changed: same URL, one delivery, one message.
    const after = await query(t.url, a.token, WebhookDeliveriesDocument, { id: hook.id });
    expect(after.webhook?.url).toBe(r.url);
    expect(after.webhook?.deliveries.edges).toHaveLength(1);
    expect(r.received).toHaveLength(1);

    // A token of the same tenant without ADMIN is refused, and node(id) shows it nothing.
    const reader = await t.newToken(a.tenantId, ['read']);
    const listed = await execute(t.url, reader, WebhooksDocument, {});
    expect(listed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const created = await query(t.url, reader, CreateWebhookDocument, { input: { url: r.url } });
    expect(created.createWebhook.__typename).toBe('ForbiddenError');
  }, 30_000);
});
