/**
 * `wheelhouse audit` as a user runs it: its own process against a real
 * server, reading only the public API. The table and --json show the
 * tenant's entries newest first, the flags filter them, `audit verify` exits
 * 0 on an intact chain and 1 naming the entry removed from the database, and
 * a token without AUDIT (or ADMIN) exits 3.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestTenant } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { localOf, RawClient } from '../support/seed.js';

describe('wheelhouse audit', () => {
  let t: TestApp;
  let dir: string;
  let tenant: TestTenant;
  let auditor: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-audit-'));
    tenant = await t.newTenant();
    auditor = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: await t.newToken(tenant.tenantId, ['audit']) };
    const client = new RawClient(t.url);
    const put = 'mutation($i: PutSecretInput!) { putSecret(input: $i) { __typename } }';
    for (const key of ['one', 'two']) await client.data(tenant.token, put, { i: { key, value: 'v' } });
    const reader = await t.newToken(tenant.tenantId, ['read']);
    await client.data(reader, put, { i: { key: 'three', value: 'v' } }); // refused: ForbiddenError
  });

  afterAll(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists the entries newest first, as a table and as JSON, filtered by flags', async () => {
    const table = await runCli(['audit'], { cwd: dir, env: auditor });
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^AT\s+ACTOR\s+ACTION\s+OUTCOME\s+TARGETS\s+IP\s+REQUEST/);
    expect(lines.slice(1).map((l) => /(putSecret)\s+(OK|ERROR(?: \w+)?)/.exec(l)?.slice(1, 3))).toEqual([
      ['putSecret', 'ERROR ForbiddenError'],
      ['putSecret', 'OK'],
      ['putSecret', 'OK'],
    ]);

    const json = await runCli(['audit', '--json', '--first', '2'], { cwd: dir, env: auditor });
    expect(json.code, json.stderr).toBe(0);
    const rows = JSON.parse(json.stdout) as { action: string; outcome: string; actor: { kind: string } }[];
    expect(rows.map((r) => [r.action, r.outcome, r.actor.kind])).toEqual([
      ['putSecret', 'ERROR', 'TOKEN'],
      ['putSecret', 'OK', 'TOKEN'],
    ]);

    const all = JSON.parse((await runCli(['audit', '--json'], { cwd: dir, env: auditor })).stdout) as {
      actor: { id: string };
      at: string;
    }[];
    const byActor = await runCli(['audit', '--json', '--actor', all[2]!.actor.id], { cwd: dir, env: auditor });
    expect((JSON.parse(byActor.stdout) as unknown[]).length).toBe(2);
    const since = await runCli(['audit', '--json', '--since', all[1]!.at], { cwd: dir, env: auditor });
    expect((JSON.parse(since.stdout) as unknown[]).length).toBe(2);
    const none = await runCli(['audit', '--json', '--action', 'deleteSecret'], { cwd: dir, env: auditor });
    expect(JSON.parse(none.stdout)).toEqual([]);
    const bad = await runCli(['audit', '--since', 'yesterday-ish'], { cwd: dir, env: auditor });
    expect(bad).toMatchObject({ code: 2, stdout: '' });
  });

  it('verify exits 0 on an intact chain, 1 naming the entry removed, and a token without AUDIT exits 3', async () => {
    const ok = await runCli(['audit', 'verify'], { cwd: dir, env: auditor });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trim()).toBe('the audit log verifies: 3 entries, chained');

    const reader = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: await t.newToken(tenant.tenantId, ['read']) };
    const refused = await runCli(['audit'], { cwd: dir, env: reader });
    expect(refused).toMatchObject({ code: 3, stdout: '' });
    expect(refused.stderr).toContain('AUDIT');

    const entries = JSON.parse((await runCli(['audit', '--json'], { cwd: dir, env: auditor })).stdout) as {
      id: string;
    }[];
    const middle = entries[1]!.id;
    await sql`delete from audit_entries where tenant_id = ${tenant.tenantId} and seq = ${localOf(middle).split(':')[1]}`.execute(
      t.database.db,
    );
    const broken = await runCli(['audit', 'verify'], { cwd: dir, env: auditor });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`entry ${middle} was altered or removed`);
  });
});
