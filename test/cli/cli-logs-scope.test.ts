/**
 * `wheelhouse logs` with the LOGS scope: a READ+LOGS token prints the lines
 * and cannot exec (exit 3); a READ token's logs exit 3 naming LOGS and EXEC;
 * `tokens create --scope logs` makes such a token. The CLI runs as its own
 * process against a real server over a fake provider whose logs are one line.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '../../src/control/scopes.js';
import type { TestApp } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { localOf, RawClient, type SeededInstance, seedInstance, seedTenant, startSeedApp } from '../support/seed.js';

describe('wheelhouse logs and the LOGS scope', () => {
  let t: TestApp;
  let dir: string;
  let tenantId: string;
  let instance: SeededInstance;
  const env = (token: string) => ({ WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: token });

  beforeAll(async () => {
    ({ t } = await startSeedApp());
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-logs-'));
    const tenant = await seedTenant(t);
    tenantId = tenant.tenantId;
    instance = await seedInstance(new RawClient(t.url), tenant.token, {
      name: `cli-logs-${randomUUID().slice(0, 8)}`,
      provider: 'seed',
      services: [{ name: 'main', image: 'registry.example.com/cli-logs/web:1' }],
    });
  });

  afterAll(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a READ+LOGS token made with `tokens create --scope read logs` prints the logs and exits 3 on exec', async () => {
    const admin = await t.newToken(tenantId, [Scopes.read, Scopes.logs, Scopes.admin]);
    const made = await runCli(['tokens', 'create', 'log-reader', '--scope', 'read', 'logs', '--json'], {
      cwd: dir,
      env: env(admin),
    });
    expect(made.code, made.stderr).toBe(0);
    const { token, apiToken } = JSON.parse(made.stdout) as { token: string; apiToken: { scopes: string[] } };
    expect(apiToken.scopes).toEqual(['READ', 'LOGS']);

    const logs = await runCli(['logs', instance.name], { cwd: dir, env: env(token) });
    expect(logs.stderr).toBe('');
    expect(logs.code).toBe(0);
    expect(logs.stdout).toMatch(new RegExp(`^\\S+ main log of ${localOf(instance.id)}\\n$`));

    const exec = await runCli(['exec', instance.name, '--', 'id'], { cwd: dir, env: env(token) });
    expect(exec).toMatchObject({ code: 3, stdout: '' });
    expect(exec.stderr.trim()).toBe('error: this needs the EXEC scope (needs scope EXEC)');
  });

  it('a READ token exits 3 naming LOGS and EXEC', async () => {
    const read = await t.newToken(tenantId, [Scopes.read]);
    const logs = await runCli(['logs', instance.name], { cwd: dir, env: env(read) });
    expect(logs).toMatchObject({ code: 3, stdout: '' });
    expect(logs.stderr.trim()).toBe('error: this needs one of the LOGS, EXEC scopes');
  });
});
