/**
 * The Docker edge's files and ports. Every Wheelhouse process on the host
 * shares one edge directory (one HAProxy): the ports picked once, the TLS
 * certificates, the shared state files (weights, drains), and the lock that
 * orders a render against a drain made by another process.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { RouteSpec } from '../traffic.js';
import type { EdgePaths } from './docker-edge-process.js';

/** The ports the edge serves on. */
export interface EdgePorts {
  http: number;
  https: number;
}

/**
 * The ports of the settings, or the free ports picked once and kept in the
 * data dir (so addresses survive restarts, and every process finds the same).
 */
export async function keptPorts(paths: EdgePaths, host: string, wanted: EdgePorts): Promise<EdgePorts> {
  await mkdir(paths.dir, { recursive: true, mode: 0o700 });
  let kept: Partial<EdgePorts> = {};
  try {
    kept = JSON.parse(await readFile(paths.ports, 'utf8')) as typeof kept;
  } catch {
    // first start
  }
  const http = wanted.http || kept.http || (await freePort(host));
  const https = wanted.https || kept.https || (await freePort(host));
  if (http !== kept.http || https !== kept.https) await writeFile(paths.ports, JSON.stringify({ http, https }));
  return { http, https };
}

/** The setting that chooses each of the edge's ports: a message about a port names the one to change. */
export const EDGE_PORT_SETTINGS = {
  http: 'WHEELHOUSE_EDGE_HTTP_PORT',
  https: 'WHEELHOUSE_EDGE_HTTPS_PORT',
} as const;

/** One of the edge's two ports. */
export type EdgePortKind = keyof typeof EDGE_PORT_SETTINGS;

/** Why the edge cannot bind one of its ports, naming the setting that moves it. */
export function portTakenMessage(kind: EdgePortKind, host: string, port: number, cause: string): string {
  const setting = EDGE_PORT_SETTINGS[kind];
  return (
    `the edge cannot serve ${kind.toUpperCase()} on ${host}:${port} (${setting}): another program holds the port ` +
    `(${cause}); stop it, or set ${setting} to a free port`
  );
}

/**
 * Rejects, naming the setting, when another program holds one of `kinds`
 * of the edge's ports: binds each for a moment, without SO_REUSEPORT (so a
 * holder that set it, such as another HAProxy, is found too). Only before
 * HAProxy starts or first binds that port: the edge's own running HAProxy
 * holds its ports, and that is no conflict.
 */
export async function assertPortsFree(host: string, ports: EdgePorts, kinds: readonly EdgePortKind[]): Promise<void> {
  for (const kind of kinds) {
    const cause = await bindOnce(host, ports[kind]);
    if (cause) throw new Error(portTakenMessage(kind, host, ports[kind], cause));
  }
}

/**
 * The edge's own words when HAProxy failed to bind one of its ports
 * (`cannot bind socket (Address already in use) [127.0.0.1:8080]`), naming
 * the setting; undefined when `haproxyError` says nothing of the kind. A
 * program that took the port between the check and HAProxy's start ends here.
 */
export function bindFailure(haproxyError: string, host: string, ports: EdgePorts): string | undefined {
  for (const kind of ['http', 'https'] as const) {
    const at = `[${host}:${ports[kind]}]`;
    const line = haproxyError.split('\n').find((l) => l.includes('cannot bind') && l.includes(at));
    const cause = line && /cannot bind socket \(([^)]*)\)/.exec(line)?.[1];
    if (line) return portTakenMessage(kind, host, ports[kind], cause || line.trim());
  }
  return undefined;
}

/** Undefined when `port` could be bound on `host` now (and was let go at once), else why not. */
function bindOnce(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (err) => resolve(err.message));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/** Writes each TLS route's certificate and key (one PEM file per host, mode 600) and the crt-list naming them. */
export async function writeCertificates(paths: EdgePaths, routes: readonly RouteSpec[]): Promise<string> {
  await mkdir(paths.certs, { recursive: true, mode: 0o700 });
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const r of routes) {
    if (!r.tls || seen.has(r.host)) continue;
    seen.add(r.host);
    const file = join(paths.certs, `${r.host}.pem`);
    const pem = `${r.tls.certificate.certificatePem.trim()}\n${r.tls.certificate.privateKeyPem.trim()}\n`;
    await writeFile(file, pem, { mode: 0o600 });
    lines.push(`${file} ${r.host}`);
  }
  await writeFile(paths.crtList, `${lines.join('\n')}\n`, { mode: 0o600 });
  return paths.crtList;
}

/** Writes `text` to `path` so a reader in any process sees the old file or the new one, never a part. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const next = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.next`;
  await writeFile(next, text, { mode: 0o600 });
  await rename(next, path);
}

/**
 * Runs `step` holding the edge's lock (a file created exclusively), shared
 * by every process on the host: a render (read the drains, list, reload)
 * and a drain (record it, tell HAProxy) then happen one after the other,
 * so a render never reloads a replica back in that another process drained
 * after the render read the drains. A lock older than LOCK_STALE_MS was
 * left by a process that died holding it and is broken.
 */
export async function withEdgeLock<T>(paths: EdgePaths, step: () => Promise<T>): Promise<T> {
  await mkdir(paths.dir, { recursive: true, mode: 0o700 });
  for (;;) {
    try {
      await writeFile(paths.lock, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const since = await stat(paths.lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > LOCK_STALE_MS) await rm(paths.lock, { force: true });
      else await delay(10);
    }
  }
  try {
    return await step();
  } finally {
    await rm(paths.lock, { force: true });
  }
}

/**
 * Longer than the longest step held under the lock: a render validates
 * (HAProxy -c, at most 15 s) and reloads (at most 15 s) or starts (10 s).
 */
const LOCK_STALE_MS = 45_000;

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
