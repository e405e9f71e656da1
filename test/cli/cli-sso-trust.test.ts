/**
 * `wheelhouse login --sso` against a real OpenID provider: the CLI prints the sign-in URL,
 * the "browser" (the test, through the provider's login form) comes back to the CLI's loopback
 * port, and the CLI stores a token with the person's role. `wheelhouse trust add|ls|rm` on it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli-process.js';
import { type IdentityProvider, startIdentityProvider } from '../support/identity-provider.js';
import { oidcSettings, signInOverHttp } from '../support/sign-in.js';

describe('wheelhouse login --sso and trust', () => {
  let idp: IdentityProvider;
  let t: TestApp;
  let origin: string;
  let dir: string;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    t = await startTestApp({ config: { oidc: oidcSettings(idp) } });
    origin = new URL(t.url).origin;
    await idp.register(`${origin}/auth/callback`);
    dir = await mkdtemp(join(tmpdir(), 'wh-cli-sso-'));
  });
  afterAll(async () => {
    await t?.stop();
    await idp?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('signs an admin in through the browser, stores a token with their role; trust add, ls, rm work on it', async () => {
    const env = { WHEELHOUSE_CONFIG: join(dir, 'config.json') };
    let browsed: Promise<unknown> | undefined;
    const login = await runCli(['login', '--url', t.url, '--sso', '--no-open'], {
      cwd: dir,
      env,
      onStderr: (soFar) => {
        const url = /Sign in in your browser: (\S+)/.exec(soFar)?.[1];
        // The browser: the provider's login form, then the redirect to the CLI's loopback port.
        if (url && !browsed) {
          browsed = signInOverHttp(origin, idp, 'ada', new URL(url).pathname + new URL(url).search).then(
            async ({ callback }) => {
              const back = callback.headers.get('location') ?? '';
              expect(back).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
              expect(callback.headers.getSetCookie().join()).not.toContain('wheelhouse_session=whs_');
              await (await fetch(back)).text();
            },
          );
        }
      },
    });
    expect(login.stderr).toContain('/auth/login?cli_redirect=http%3A%2F%2F127.0.0.1%3A');
    await browsed;
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('ada@acme.test (ADMIN)');
    const stored = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')) as { token: string };
    // A token, acting as the person; no browser session was opened for the CLI.
    const row = await sql<{ actor: { kind: string; name: string }; scopes: string[]; expires_at: Date }>`
      select actor, scopes, expires_at from api_tokens where actor->>'kind' = 'USER'`.execute(t.database.db);
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]!.actor).toMatchObject({ kind: 'USER', name: 'Ada Admin' });
    expect(row.rows[0]!.scopes).not.toContain('system');
    expect(row.rows[0]!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    expect(JSON.stringify(row.rows)).not.toContain(stored.token);
    const sessions = await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(t.database.db);
    expect(sessions.rows[0]!.n).toBe(0);
    const user = await sql<{ role: string }>`select role from users where subject = 'ada'`.execute(t.database.db);
    expect(user.rows).toEqual([{ role: 'ADMIN' }]);

    const add = await runCli(
      [
        'trust',
        'add',
        'shop-main',
        '--issuer',
        'https://token.actions.githubusercontent.com',
        '--audience',
        'wheelhouse',
        '--subject',
        'repo:acme/shop:ref:refs/heads/main',
        '--scope',
        'read',
        'deploy',
        '--ttl',
        '600',
      ],
      { cwd: dir, env },
    );
    expect(add.code, add.stderr).toBe(0);
    const id = /\(id (\S+)\)/.exec(add.stdout)?.[1];
    expect(id).toBeDefined();
    const ls = await runCli(['trust', 'ls', '--json'], { cwd: dir, env });
    expect(JSON.parse(ls.stdout)).toMatchObject([
      { id, name: 'shop-main', subjectPattern: 'repo:acme/shop:ref:refs/heads/main', scopes: ['READ', 'DEPLOY'] },
    ]);
    const system = await runCli(
      ['trust', 'add', 'x', '--issuer', 'https://ci.example', '--audience', 'a', '--subject', '*', '--scope', 'system'],
      { cwd: dir, env },
    );
    expect(system.code).toBe(2);
    expect(system.stderr).toContain('SYSTEM');
    const removed = await runCli(['trust', 'rm', id!], { cwd: dir, env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse((await runCli(['trust', 'ls', '--json'], { cwd: dir, env })).stdout)).toEqual([]);
    expect((await runCli(['trust', 'rm', id!], { cwd: dir, env })).code).toBe(1);
  });

  it('a forged or replayed code without the verifier gets no token', async () => {
    const forged = await fetch(`${origin}/auth/cli-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: 'eyJhbGciOiJkaXIifQ..x.y.z', code_verifier: 'guess' }).toString(),
    });
    expect(forged.status).toBe(401);
    // Only a loopback address may receive the code.
    const away = await fetch(
      `${origin}/auth/login?cli_redirect=${encodeURIComponent('https://evil.example/cb')}&cli_challenge=${'a'.repeat(43)}`,
      { redirect: 'manual' },
    );
    expect(away.status).toBe(400);
  });
});
