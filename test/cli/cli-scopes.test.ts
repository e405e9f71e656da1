/**
 * A missing scope exits 3 whichever way the API answers it: a mutation's typed
 * ForbiddenError member, or a query field's FORBIDDEN GraphQL error (one scope,
 * or a field open to several). The CLI runs as its own process against a real
 * server, as a user's script would.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli-process.js';

describe('the CLI on a token without the scope', () => {
  let t: TestApp;
  let dir: string;
  let read: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-scopes-'));
    const tenant = await t.newTenant(['read']);
    read = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: tenant.token };
    admin = { WHEELHOUSE_URL: t.url, WHEELHOUSE_TOKEN: await t.newToken(tenant.tenantId, ['read', 'admin']) };
  });

  afterAll(async () => {
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exits 3 naming the scopes, for a query field and a mutation alike; a token with the scope exits 0', async () => {
    // A query field open to ADMIN or SYSTEM: a GraphQL error, not a union member.
    const tokens = await runCli(['tokens', 'ls'], { cwd: dir, env: read });
    expect(tokens).toMatchObject({ code: 3, stdout: '' });
    expect(tokens.stderr.trim()).toBe('error: this needs one of the ADMIN, SYSTEM scopes');
    // A query field that needs ADMIN alone.
    const hooks = await runCli(['webhooks', 'ls'], { cwd: dir, env: read });
    expect(hooks).toMatchObject({ code: 3, stdout: '' });
    expect(hooks.stderr.trim()).toBe('error: this needs the ADMIN scope (needs scope ADMIN)');
    // A mutation: the typed ForbiddenError member.
    await writeFile(join(dir, 'value'), 'not-a-real-secret');
    const put = await runCli(['secrets', 'put', 'db-password', '--from-file', 'value'], { cwd: dir, env: read });
    expect(put).toMatchObject({ code: 3, stdout: '' });
    expect(put.stderr).toContain('SECRETS_WRITE');

    // The same commands with the scope succeed (so 3 above is the scope, not the command).
    expect((await runCli(['tokens', 'ls'], { cwd: dir, env: admin })).code).toBe(0);
    expect((await runCli(['webhooks', 'ls'], { cwd: dir, env: admin })).code).toBe(0);
  });
});
