/**
 * The audit log (issue 37) on Postgres, through the real server: every
 * mutation is an entry, allowed or refused, with its actor; the changes
 * Wheelhouse makes on its own (the autoscaler's SCALE) are SYSTEM entries;
 * no entry holds a secret; the hash chain names the first entry altered or
 * removed in the database; and an entry commits or rolls back with its change.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { syncAutoscaledServices } from '../../src/db/repositories/autoscale-repository.js';
import { openOperations } from '../../src/db/repositories/operation-repository.js';
import { createLogger } from '../../src/logger.js';
import { Autoscaler } from '../../src/worker/autoscaler.js';
import { startTestApp, TEST_BOOTSTRAP_TOKEN, type TestApp } from '../support/app.js';
import { itOnPostgres, openPostgresDatabase, postgresServerUrl } from '../support/database.js';
import { sampledFakeProvider } from '../support/fake-provider.js';
import { globalId, localOf, RawClient } from '../support/seed.js';

interface Entry {
  id: string;
  at: string;
  actor: { kind: string; id: string; name: string | null };
  action: string;
  targetIds: string[];
  outcome: string;
  errorType: string | null;
  ip: string | null;
  requestId: string | null;
  hash: string;
  previousHash: string;
}

const LOG = `query($first: Int, $after: String, $filter: AuditFilter) {
  auditLog(first: $first, after: $after, filter: $filter) {
    edges { cursor node { id at actor { kind id name } action targetIds outcome errorType ip requestId hash previousHash } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const VERIFY = '{ verifyAuditLog { valid entries firstInvalidId } }';

describe('the audit log', () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let client: RawClient;
  let clock = Date.now();
  const now = () => new Date(clock);
  const { provider, sampler, registry } = sampledFakeProvider(now);

  beforeAll(async () => {
    if (!postgresServerUrl()) return; // itOnPostgres reports it
    database = await openPostgresDatabase();
    t = await startTestApp({ database, registry });
    client = new RawClient(t.url);
  });
  afterAll(async () => {
    await t?.stop();
    await database?.close();
  });

  /** The tenant's whole log, oldest first (the API pages it newest first). */
  async function logOf(token: string, filter?: Record<string, unknown>): Promise<Entry[]> {
    const out: Entry[] = [];
    let after: string | null = null;
    for (;;) {
      const r: { auditLog: { edges: { node: Entry }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } =
        await client.data(token, LOG, { first: 2, after, filter });
      out.push(...r.auditLog.edges.map((e) => e.node));
      if (!r.auditLog.pageInfo.hasNextPage) return out.reverse();
      after = r.auditLog.pageInfo.endCursor;
    }
  }

  const verify = async (token: string) =>
    (
      await client.data<{ verifyAuditLog: { valid: boolean; entries: number; firstInvalidId: string | null } }>(
        token,
        VERIFY,
      )
    ).verifyAuditLog;

  /** A fresh tenant with an ADMIN-free auditor token, so its log holds only what the test does. */
  async function tenant() {
    const t0 = await t.newTenant();
    return { ...t0, auditor: await t.newToken(t0.tenantId, ['audit']) };
  }

  const provisionMutation = `mutation($i: ProvisionInstanceInput!) {
    provisionInstance(input: $i) { __typename ... on ProvisionInstancePayload { instance { id state } } ... on Error { message } }
  }`;

  itOnPostgres(
    'after a provision, a refused token creation and an autoscaler SCALE it holds exactly those three, in order',
    async () => {
      const a = await tenant();
      const provisioned = await client.data<{ provisionInstance: { instance: { id: string; state: string } } }>(
        a.token,
        provisionMutation,
        {
          i: {
            name: `burn-${randomUUID().slice(0, 8)}`,
            wait: true,
            services: [
              {
                name: 'burn',
                image: 'team/burn:1',
                resources: { cpuMillis: 10, autoscale: { minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50 } },
              },
            ],
          },
        },
      );
      const instance = provisioned.provisionInstance.instance.id;
      expect(provisioned.provisionInstance.instance.state).toBe('RUNNING');

      const reader = await t.newToken(a.tenantId, ['read']);
      const refused = await client.data<{ createApiToken: { __typename: string } }>(
        reader,
        'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { __typename } }',
        { i: { name: 'not-allowed', scopes: ['READ'] } },
      );
      expect(refused.createApiToken.__typename).toBe('ForbiddenError');

      // One autoscaler decision at a time on a moved clock, until it queues its SCALE (the first burning sample does).
      await syncAutoscaledServices(t.database.db);
      const autoscaler = new Autoscaler({
        db: t.database.db,
        registry,
        signal: t.app.services.signal,
        logger: createLogger('silent'),
        intervalMs: 2000,
        now,
      });
      sampler.percentOfCore.set(localOf(instance), 10);
      for (let i = 0; i < 3 && provider.replicasOf(localOf(instance), 'burn') === 1; i++) {
        clock += 2000;
        await autoscaler.evaluate(localOf(instance), 'burn');
        while ((await openOperations(t.database.db, localOf(instance))).length > 0)
          await new Promise((r) => setTimeout(r, 20));
      }
      expect(provider.replicasOf(localOf(instance), 'burn')).toBeGreaterThan(1);

      const log = await logOf(a.auditor);
      expect(log.map((e) => [e.action, e.actor.kind, e.outcome, e.errorType])).toEqual([
        ['provisionInstance', 'TOKEN', 'OK', null],
        ['createApiToken', 'TOKEN', 'ERROR', 'ForbiddenError'],
        ['autoscaler.scale', 'SYSTEM', 'OK', null],
      ]);
      const [provision, createToken, scale] = log as [Entry, Entry, Entry];
      const tokenIdOf = async (secret: string) =>
        (await client.data<{ viewer: { token: { id: string } } }>(secret, '{ viewer { token { id } } }')).viewer.token
          .id;
      expect(provision.actor).toEqual({ kind: 'TOKEN', id: await tokenIdOf(a.token), name: 'test' });
      expect(provision.targetIds).toContain(instance);
      expect(createToken.actor.id).toBe(await tokenIdOf(reader));
      expect(scale.actor).toEqual({ kind: 'SYSTEM', id: 'autoscaler', name: 'autoscaler' });
      expect(scale.targetIds).toContain(instance);
      // The API's entries carry where they came from; the autoscaler's came from no request.
      for (const e of [provision, createToken]) {
        expect(e.ip).toMatch(/127\.0\.0\.1|::1/);
        expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(scale.ip).toBeNull();
      // Chained: each entry names the previous one's hash, the first the genesis.
      expect(log.map((e) => e.previousHash)).toEqual(['0'.repeat(64), provision.hash, createToken.hash]);
      expect(await verify(a.auditor)).toEqual({ valid: true, entries: 3, firstInvalidId: null });

      // Filters: by actor, action, target, time.
      expect((await logOf(a.auditor, { actorId: 'autoscaler' })).map((e) => e.id)).toEqual([scale.id]);
      expect((await logOf(a.auditor, { action: 'createApiToken' })).map((e) => e.id)).toEqual([createToken.id]);
      expect((await logOf(a.auditor, { targetId: instance })).map((e) => e.id)).toEqual([provision.id, scale.id]);
      expect((await logOf(a.auditor, { since: createToken.at })).map((e) => e.id)).toEqual([createToken.id, scale.id]);
      expect((await logOf(a.auditor, { until: createToken.at })).map((e) => e.id)).toEqual([provision.id]);
    },
    120_000,
  );

  itOnPostgres('no entry holds the bootstrap token, a vault value or a webhook secret (the whole table)', async () => {
    const vaultValue = `vault-value-${randomUUID()}`;
    const refusedValue = `refused-value-${randomUUID()}`;
    const putSecret = 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }';
    const put = await client.request(TEST_BOOTSTRAP_TOKEN, putSecret, { i: { key: 'db-password', value: vaultValue } });
    const hook = await client.request(
      TEST_BOOTSTRAP_TOKEN,
      `mutation($i: CreateWebhookInput!) {
        createWebhook(input: $i) { ... on CreateWebhookPayload { webhook { id } signingSecret } }
      }`,
      { i: { url: 'https://hooks.invalid/audit', eventTypes: ['audit.entry'] } },
    );
    const made = await client.request(
      TEST_BOOTSTRAP_TOKEN,
      'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { ... on CreateApiTokenPayload { token } } }',
      { i: { name: 'ci', scopes: ['READ'] } },
    );
    const readOnly = (made.body.data as { createApiToken: { token: string } }).createApiToken.token;
    // Refused, with a value in its arguments: recorded, the value not.
    const refused = await client.request(readOnly, putSecret, { i: { key: 'db-password', value: refusedValue } });
    expect((refused.body.data as { putSecret: { __typename: string } }).putSecret.__typename).toBe('ForbiddenError');
    const { webhook, signingSecret } = (
      hook.body.data as { createWebhook: { webhook: { id: string }; signingSecret: string } }
    ).createWebhook;

    const secrets = { bootstrap: TEST_BOOTSTRAP_TOKEN, vaultValue, refusedValue, signingSecret, readOnly };
    // Positive control: each secret is a real value the same search finds where it is (the answers that carried it).
    const answers = [put.text, hook.text, made.text].join('\n') + JSON.stringify({ vaultValue, refusedValue });
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(20);
      if (name !== 'bootstrap') expect(answers.includes(value), `${name} in the answers`).toBe(true);
    }
    expect(answers.includes(TEST_BOOTSTRAP_TOKEN)).toBe(false);
    expect(`Bearer ${TEST_BOOTSTRAP_TOKEN}`.includes(secrets.bootstrap)).toBe(true);

    // The whole table as text, every row of every tenant, and the audit.entry events exported beside them.
    const table = await sql<{ row: string }>`select t::text as row from audit_entries t`.execute(t.database.db);
    const exported = await sql<{ row: string }>`select e::text as row from events e where type = 'audit.entry'`.execute(
      t.database.db,
    );
    const text = [...table.rows, ...exported.rows].map((r) => r.row).join('\n');
    // The search reads these very entries: their actions and the webhook's id are there.
    for (const action of ['putSecret', 'createWebhook', 'createApiToken']) expect(text).toContain(action);
    expect(text).toContain(webhook.id);
    expect(text).toContain('ForbiddenError');
    for (const [name, value] of Object.entries(secrets))
      expect(text.includes(value), `${name} in the audit log`).toBe(false);
  });

  itOnPostgres('verifyAuditLog names the entry whose row was UPDATEd, and the one DELETEd', async () => {
    for (const tamper of ['update', 'delete'] as const) {
      const a = await tenant();
      for (let i = 0; i < 4; i++) {
        await client.data(a.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
          i: { key: `k${i}`, value: 'v' },
        });
      }
      const log = await logOf(a.auditor);
      expect(log).toHaveLength(4);
      expect(await verify(a.auditor)).toEqual({ valid: true, entries: 4, firstInvalidId: null });
      const victim = log[1]!;
      const seq = localOf(victim.id).split(':')[1]!;
      if (tamper === 'update') {
        await sql`update audit_entries set actor_name = 'someone else'
          where tenant_id = ${a.tenantId} and seq = ${seq}`.execute(t.database.db);
      } else {
        await sql`delete from audit_entries where tenant_id = ${a.tenantId} and seq = ${seq}`.execute(t.database.db);
      }
      const v = await verify(a.auditor);
      expect(v, tamper).toMatchObject({ valid: false, firstInvalidId: victim.id });
    }
  });

  itOnPostgres('an entry commits with its change: a change that rolls back at commit leaves no OK entry', async () => {
    const a = await tenant();
    // A deferred check that fails at COMMIT, after the mutation's work and its audit entry were written in the transaction.
    await sql`create or replace function audit_test_refuse() returns trigger language plpgsql as $$
      begin if new.name like 'doomed-%' then raise exception 'refused at commit'; end if; return null; end $$`.execute(
      t.database.db,
    );
    await sql`drop trigger if exists audit_test_refuse on instances`.execute(t.database.db);
    await sql`create constraint trigger audit_test_refuse after insert on instances
      deferrable initially deferred for each row execute function audit_test_refuse()`.execute(t.database.db);
    const name = `doomed-${randomUUID().slice(0, 8)}`;
    const r = await client.request(a.token, provisionMutation, {
      i: { name, provider: 'fake', services: [{ name: 'web', image: 'team/web:1' }] },
    });
    expect(r.body.errors?.length, r.text).toBeGreaterThan(0);
    const rows = await t.database.db.selectFrom('instances').select('id').where('name', '=', name).execute();
    expect(rows).toEqual([]);
    // The mutation is on record as failed; the OK entry its transaction held went with it (no gap in the chain).
    const log = await logOf(a.auditor);
    expect(log.map((e) => [e.action, e.outcome, e.errorType])).toEqual([
      ['provisionInstance', 'ERROR', 'InternalError'],
    ]);
    expect(await verify(a.auditor)).toEqual({ valid: true, entries: 1, firstInvalidId: null });
    // And the same mutation that commits has its OK entry, naming what it made.
    await sql`drop trigger audit_test_refuse on instances`.execute(t.database.db);
    const ok = await client.data<{ provisionInstance: { instance: { id: string } } }>(a.token, provisionMutation, {
      i: { name, provider: 'fake', services: [{ name: 'web', image: 'team/web:1' }] },
    });
    const after = await logOf(a.auditor);
    expect(after.map((e) => [e.action, e.outcome])).toEqual([
      ['provisionInstance', 'ERROR'],
      ['provisionInstance', 'OK'],
    ]);
    expect(after[1]!.targetIds).toContain(ok.provisionInstance.instance.id);
    expect(after[1]!.targetIds).toContain(globalId('Instance', localOf(ok.provisionInstance.instance.id)));
  });

  itOnPostgres('needs AUDIT or ADMIN: READ is refused, and READ feeds never show audit.entry', async () => {
    const a = await tenant();
    const reader = await t.newToken(a.tenantId, ['read']);
    const r = await client.request(reader, VERIFY);
    expect(r.body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    const admin = await t.newToken(a.tenantId, ['admin']);
    expect((await verify(admin)).valid).toBe(true);
    await client.data(a.token, 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }', {
      i: { key: 'k', value: 'v' },
    });
    const entry = (await logOf(a.auditor))[0]!;
    // node(id) of an entry: null for READ alone, the entry for a token that also holds AUDIT.
    const node = `query($id: ID!) { node(id: $id) { id ... on AuditEntry { action } } }`;
    expect((await client.data(reader, node, { id: entry.id })).node).toBeNull();
    expect((await client.data(a.token, node, { id: entry.id })).node).toEqual({ id: entry.id, action: 'putSecret' });
    // The feed reads below the horizon (the server's oldest open transaction): on a Postgres server
    // shared with other files the secret's event shows once their transactions have ended.
    const feedTypes = async () =>
      (
        await client.data<{ events: { edges: { node: { type: string } }[] } }>(
          reader,
          '{ events(first: 50) { edges { node { type } } } }',
        )
      ).events.edges.map((e) => e.node.type);
    let types = await feedTypes();
    for (const until = Date.now() + 30_000; !types.includes('secret.put') && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 200));
      types = await feedTypes();
    }
    expect(types).toContain('secret.put');
    expect(types).not.toContain('audit.entry');
  });
});
