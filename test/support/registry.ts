/**
 * A real image registry for tests: Debian's `docker-registry` (the
 * distribution registry) serving plain HTTP on a free 127.0.0.1 port with
 * storage in a temp directory. dockerd treats 127.0.0.0/8 as an insecure
 * registry, so it pushes there without TLS. Read back through the v2 API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The manifest types a push of dockerd 20.10 produces (the registry answers the digest of the stored one). */
const MANIFEST_ACCEPT = [
  'application/vnd.docker.distribution.manifest.v2+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.oci.image.index.v1+json',
].join(', ');

/** A running registry. */
export interface TestRegistry {
  /** `127.0.0.1:PORT`, the host part of image references pushed to it. */
  host: string;
  /** The tags of `repo` (empty when the repository does not exist). */
  tags(repo: string): Promise<string[]>;
  /** The manifest digest (`sha256:…`) the registry serves for `repo:tag`. */
  manifestDigest(repo: string, tag: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts `docker-registry serve` on a free port; resolves once `/v2/` answers. */
export async function startRegistry(binary = '/usr/bin/docker-registry'): Promise<TestRegistry> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'wh-registry-'));
  const config = join(dir, 'config.yml');
  writeFileSync(
    config,
    [
      'version: 0.1',
      'log:',
      '  level: error',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${join(dir, 'data')}`,
      'http:',
      `  addr: 127.0.0.1:${port}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['serve', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`docker-registry exited (${child.exitCode}): ${stderr}`);
    }
    const ok = await fetch(`${base}/v2/`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`docker-registry did not answer on ${base}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host: `127.0.0.1:${port}`,
    tags: async (repo) => {
      const res = await fetch(`${base}/v2/${repo}/tags/list`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 404) return [];
      if (!res.ok) throw new Error(`tags of ${repo}: HTTP ${res.status}`);
      return ((await res.json()) as { tags?: string[] | null }).tags ?? [];
    },
    manifestDigest: async (repo, tag) => {
      const res = await fetch(`${base}/v2/${repo}/manifests/${tag}`, {
        method: 'HEAD',
        headers: { Accept: MANIFEST_ACCEPT },
        signal: AbortSignal.timeout(5000),
      });
      const digest = res.headers.get('docker-content-digest');
      if (!res.ok || !digest) throw new Error(`manifest of ${repo}:${tag}: HTTP ${res.status}`);
      return digest;
    },
    stop,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
