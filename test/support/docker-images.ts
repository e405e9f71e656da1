/**
 * Test images for the Docker provider, built locally because no registry is
 * reachable where the suite runs: `FROM scratch` plus the host's static
 * busybox and a few files. Building is idempotent (an image whose content
 * label matches is kept), so every test file may call ensureTestImages.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Dockerode from 'dockerode';
import { DockerProvider, type DockerProviderOptions } from '../../src/providers/docker/docker-provider.js';
import { createTar, type TarEntry } from '../../src/providers/docker/docker-tar.js';
import type { Endpoint } from '../../src/providers/provider.js';
import type { ConformanceSetup } from '../providers/conformance.js';
import { testRunLabels } from './test-run.js';

/** The images the Docker tests run. `missing` is never built: it names an image that does not exist. */
export const TEST_IMAGES = {
  web1: 'wheelhouse-test/web:1',
  web2: 'wheelhouse-test/web:2',
  /** Healthy (/healthz answers) but every other request answers 500: a release a canary must abort. */
  web500: 'wheelhouse-test/web:500',
  /** Healthy (/healthz answers at once) but every other request takes 0.3 s: a release too slow for its p99 limit. */
  webSlow: 'wheelhouse-test/web:slow',
  tool: 'wheelhouse-test/tool:1',
  /** The tool image with what volume tests need besides: rm, sha256sum, find, xargs, sort (issue 36). */
  data: 'wheelhouse-test/data:1',
  missing: 'wheelhouse-test/does-not-exist:404',
} as const;

/** The busybox applets linked into /bin of every test image. */
const APPLETS = [
  'sh',
  'cat',
  'echo',
  'env',
  'sleep',
  'httpd',
  'wget',
  'kill',
  'ls',
  'mkdir',
  'printf',
  'true',
  'false',
  'date',
  'nc',
  'ps',
  'id',
  'head',
  'tail',
  'grep',
  'seq',
  'yes',
  'test',
  'hostname',
  'nslookup',
];

const CONTENT_LABEL = 'wheelhouse-test.content';
const BUSYBOX_PATH = '/bin/busybox';

/** True when a Docker Engine answers a ping within `timeoutMs` on the default socket (or `docker`). */
export async function dockerAvailable(docker?: Dockerode, timeoutMs = 2000): Promise<boolean> {
  const client = docker ?? new Dockerode({ socketPath: '/var/run/docker.sock' });
  try {
    // dockerode's typings omit ping's options argument; it accepts one at runtime.
    const ping = client.ping as unknown as (this: Dockerode, opts: object) => Promise<unknown>;
    await ping.call(client, { abortSignal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

/** Builds the test images that are missing or stale. Cheap when they exist. */
export async function ensureTestImages(docker?: Dockerode): Promise<void> {
  const client = docker ?? new Dockerode({ socketPath: '/var/run/docker.sock' });
  const busybox = readFileSync(BUSYBOX_PATH);
  const webDockerfile = [
    'FROM scratch',
    'COPY bin /bin',
    'COPY www /www',
    'ENV PATH=/bin',
    'EXPOSE 8080',
    'CMD ["httpd", "-f", "-p", "8080", "-h", "/www"]',
  ];
  const toolDockerfile = ['FROM scratch', 'COPY bin /bin', 'ENV PATH=/bin', 'CMD ["sleep", "3600"]'];
  await Promise.all([
    buildIfStale(client, TEST_IMAGES.web1, webDockerfile, busybox, { 'www/index.html': 'web v1\n' }),
    buildIfStale(client, TEST_IMAGES.web2, webDockerfile, busybox, { 'www/index.html': 'web v2\n' }),
    buildIfStale(client, TEST_IMAGES.tool, toolDockerfile, busybox, {}),
    buildIfStale(
      client,
      TEST_IMAGES.data,
      toolDockerfile,
      busybox,
      {},
      ['rm', 'sha256sum', 'find', 'xargs', 'sort'].map(
        (a): TarEntry => ({ name: `bin/${a}`, type: 'symlink', linkName: 'busybox' }),
      ),
    ),
    // busybox httpd runs /cgi-bin/index.cgi for a directory without index.html.
    buildIfStale(client, TEST_IMAGES.web500, webDockerfile, busybox, { 'www/healthz': 'ok\n' }, [
      { name: 'www/cgi-bin', type: 'directory' },
      { name: 'www/cgi-bin/index.cgi', content: FAIL_CGI, mode: 0o755 },
    ]),
    buildIfStale(client, TEST_IMAGES.webSlow, webDockerfile, busybox, { 'www/healthz': 'ok\n' }, [
      { name: 'www/cgi-bin', type: 'directory' },
      { name: 'www/cgi-bin/index.cgi', content: SLOW_CGI, mode: 0o755 },
    ]),
  ]);
}

/**
 * What every web image serves besides its index: /healthz, and /cgi-bin/slow,
 * which answers the index after 3 s (a request still in flight while a
 * replica drains), and /cgi-bin/fail, which answers 500.
 */
const FAIL_CGI = `#!/bin/sh\necho 'Status: 500 Internal Server Error'\necho 'Content-Type: text/plain'\necho\necho failed\n`;

/** Answers "web slow" after 0.3 s (busybox's sleep takes fractions). */
const SLOW_CGI = `#!/bin/sh\nsleep 0.3\necho 'Content-Type: text/plain'\necho\necho 'web slow'\n`;

function webExtras(index: string): TarEntry[] {
  const slow = `#!/bin/sh\necho 'Content-Type: text/plain'\necho\nsleep 3\necho '${index.trim()}'\n`;
  return [
    { name: 'www/healthz', content: 'ok\n' },
    { name: 'www/cgi-bin', type: 'directory' },
    { name: 'www/cgi-bin/slow', content: slow, mode: 0o755 },
    { name: 'www/cgi-bin/fail', content: FAIL_CGI, mode: 0o755 },
  ];
}

async function buildIfStale(
  docker: Dockerode,
  tag: string,
  dockerfile: string[],
  busybox: Buffer,
  files: Record<string, string>,
  extra: TarEntry[] = [],
): Promise<void> {
  const entries: TarEntry[] = [
    { name: 'bin', type: 'directory' },
    { name: 'bin/busybox', content: busybox, mode: 0o755 },
    ...APPLETS.map((a): TarEntry => ({ name: `bin/${a}`, type: 'symlink', linkName: 'busybox' })),
    ...(Object.keys(files).length > 0 ? [{ name: 'www', type: 'directory' } as TarEntry] : []),
    ...Object.entries(files).map(([name, content]): TarEntry => ({ name, content })),
    ...(files['www/index.html'] ? webExtras(files['www/index.html']) : []),
    ...extra,
  ];
  const digest = createHash('sha256')
    .update(createTar(entries))
    .update(dockerfile.join('\n'))
    .digest('hex')
    .slice(0, 16);
  try {
    const current = await docker.getImage(tag).inspect();
    if (current.Config?.Labels?.[CONTENT_LABEL] === digest) return;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  const context = createTar([
    { name: 'Dockerfile', content: `${dockerfile.join('\n')}\nLABEL ${CONTENT_LABEL}="${digest}"\n` },
    ...entries,
  ]);
  const stream = await docker.buildImage(Readable.from([context]), { t: tag, rm: true, forcerm: true });
  await new Promise<void>((resolve, reject) => {
    docker.modem.followProgress(stream, (err: Error | null, output: Array<{ error?: string }>) => {
      const failed = output?.find((o) => o.error);
      if (err) reject(err);
      else if (failed) reject(new Error(`building ${tag} failed: ${failed.error}`));
      else resolve();
    });
  });
}

/**
 * Names of the containers, networks and volumes carrying the Wheelhouse
 * managed label (for one instance when `instanceId` is given, also matching
 * its `wh-<id>` name prefix, so an unlabelled object is caught too): what a
 * test must not leave behind.
 */
export async function dockerLeftovers(docker?: Dockerode, instanceId?: string): Promise<string[]> {
  const client = docker ?? new Dockerode({ socketPath: '/var/run/docker.sock' });
  const label = ['wheelhouse.managed=true', ...(instanceId ? [`wheelhouse.instance=${instanceId}`] : [])];
  const queries: Array<Record<string, string[]>> = [{ label }, ...(instanceId ? [{ name: [`wh-${instanceId}`] }] : [])];
  const found = new Set<string>();
  for (const filters of queries) {
    const [containers, networks, volumes] = await Promise.all([
      client.listContainers({ all: true, filters }),
      client.listNetworks({ filters }),
      client.listVolumes({ filters }),
    ]);
    for (const c of containers) found.add(`container ${(c.Names?.[0] ?? c.Id).replace(/^\//, '')}`);
    for (const n of networks) found.add(`network ${n.Name}`);
    for (const v of volumes.Volumes ?? []) found.add(`volume ${v.Name}`);
  }
  return [...found].sort();
}

/** Provider options that keep the Docker tests fast (short stop grace, short polls) and mark the run's objects. */
export const FAST_DOCKER_OPTIONS: DockerProviderOptions = {
  // This run's label on everything (test-run.ts): the end-of-run leak check looks at nothing else.
  labels: testRunLabels(),
  stopTimeoutSeconds: 2,
  minReadyMs: 500,
  pollIntervalMs: 100,
  rolloutTimeoutMs: 30_000,
  initTimeoutMs: 30_000,
};

/** The conformance setup for the Docker provider against the local engine. */
export async function dockerConformanceSetup(docker?: Dockerode): Promise<ConformanceSetup> {
  const client = docker ?? new Dockerode({ socketPath: '/var/run/docker.sock' });
  await ensureTestImages(client);
  const missingSocket = '/nonexistent/wheelhouse/docker.sock';
  return {
    provider: new DockerProvider(FAST_DOCKER_OPTIONS),
    images: TEST_IMAGES,
    webPort: 8080,
    reach: async (endpoint: Endpoint, path = '/') => {
      const res = await fetch(new URL(path, endpoint.url), { signal: AbortSignal.timeout(5000) });
      return res.text();
    },
    leftovers: (instanceId: string) => dockerLeftovers(client, instanceId),
    unreachable: () => ({
      provider: new DockerProvider({ socketPath: missingSocket }),
      endpoint: `unix://${missingSocket}`,
    }),
    readiness: { timeoutMs: 30_000, intervalMs: 200 },
    cleanup: async () => undefined,
  };
}
