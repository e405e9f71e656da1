import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildSourceError, prepareGitSource } from '../../src/worker/build-source.js';
import { type GitServer, startGitServer } from '../support/git-server.js';

/*
 * A fetch held mid-way: by the git server's stall (HTTP) or by a TCP server
 * that never says a word (SSH). While it hangs, what `ps` shows of every
 * process is read from /proc; then the abort must end it promptly, kill
 * git's processes and leave nothing on disk.
 */

const run = promisify(execFile);
const TOKEN = 'glpat-StallToken-0123456789';

let server: GitServer;
let work: string;
let key: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'wh-build-cancel-'));
  server = await startGitServer({ token: TOKEN });
  await server.createRepo('shop', { files: { Dockerfile: 'FROM busybox\n' } });
  const keyDir = await mkdtemp(join(tmpdir(), 'wh-key-'));
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(keyDir, 'id')]);
  key = await readFile(join(keyDir, 'id'), 'utf8');
  await rm(keyDir, { recursive: true });
});

afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

/** Every process's command line as `ps` shows it, by pid. */
async function commandLines(): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      out.set(Number(pid), (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' '));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const matching = async (needle: string) => [...(await commandLines()).values()].filter((c) => c.includes(needle));

describe('prepareGitSource, canceled mid-fetch', () => {
  it('over HTTP: the token is in no argv, and the abort ends git at once and leaves nothing', async () => {
    server.stall(true);
    const url = server.httpUrl('shop');
    const ac = new AbortController();
    const pending = prepareGitSource({ url, credential: TOKEN, allowLocal: true, workDir: work, signal: ac.signal });
    pending.catch(() => {});
    try {
      await until('the fetch to reach the server', () => server.stalled() > 0);
      // git and its remote helper are running (the scan sees them), and none shows the token.
      expect((await matching(url)).length).toBeGreaterThan(0);
      expect(await matching(TOKEN)).toEqual([]);
      expect(await matching(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'))).toEqual([]);

      const reason = new Error('operation canceled');
      const t0 = Date.now();
      ac.abort(reason);
      await expect(pending).rejects.toBe(reason);
      expect(Date.now() - t0).toBeLessThan(3_000);
      expect(await readdir(work)).toEqual([]);
      await until('git to be gone', async () => (await matching(url)).length === 0, 5_000);
    } finally {
      server.stall(false);
    }
  });

  describe('over SSH with a key', () => {
    let tcp: Server;
    let port = 0;
    const sockets = new Set<Socket>();
    let hangUp = false;

    beforeAll(async () => {
      // Accepts and never speaks: ssh waits for the server's banner (or hangs up at once when told).
      tcp = createServer((s) => {
        if (hangUp) return void s.destroy();
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
      port = (tcp.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => tcp.close(r));
    });

    it('keeps the key in a 0600 file outside the checkout, off every argv, and removes it on abort', async () => {
      hangUp = false;
      const url = `ssh://git@127.0.0.1:${port}/shop.git`;
      const ac = new AbortController();
      const pending = prepareGitSource({ url, credential: key, allowLocal: true, workDir: work, signal: ac.signal });
      pending.catch(() => {});
      await until('ssh to connect', () => sockets.size > 0);
      const [dir] = await readdir(work);
      const keyFile = join(work, dir!, 'ssh', 'id');
      expect(((await stat(keyFile)).mode & 0o777).toString(8)).toBe('600');
      expect(await readFile(keyFile, 'utf8')).toBe(key);
      const ssh = (await matching(`127.0.0.1`)).filter((c) => c.startsWith('ssh '));
      expect(ssh.length).toBe(1);
      expect(ssh[0]).toContain(`-i ${keyFile}`);
      expect(ssh[0]).toContain('BatchMode=yes');
      const keyBody = key.split('\n')[1]!;
      expect(await matching(keyBody)).toEqual([]);

      ac.abort(new Error('canceled'));
      await expect(pending).rejects.toThrow('canceled');
      expect(await readdir(work)).toEqual([]);
    });

    it('fails without the key in its error, and removes the key file', async () => {
      hangUp = true;
      const err = await prepareGitSource({
        url: `ssh://git@127.0.0.1:${port}/shop.git`,
        credential: key,
        allowLocal: true,
        workDir: work,
        signal: new AbortController().signal,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BuildSourceError);
      const message = (err as BuildSourceError).message;
      expect(message).toMatch(/git fetch of ssh:\/\/git@127\.0\.0\.1:\d+\/shop\.git at "HEAD" failed/);
      for (const line of key.split('\n').filter((l) => l.length > 8)) expect(message).not.toContain(line);
      expect(await readdir(work)).toEqual([]);
    });
  });
});
