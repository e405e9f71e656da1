import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildSourceError, prepareGitSource } from '../../src/worker/build-source.js';
import { type GitServer, startGitServer } from '../support/git-server.js';

const run = promisify(execFile);
const TOKEN = 'ghp_RightToken0123456789abcdef';
const WRONG = 'ghp_WrongToken9876543210fedcba';
const b64 = (s: string) => Buffer.from(s).toString('base64');

let server: GitServer;
let open: GitServer;
let work: string;
/** The commits of `open`'s repository; `tokenMain` the tip of the token server's. */
const shas: Record<string, string> = {};
let tokenMain = '';

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'wh-build-src-'));
  server = await startGitServer({ token: TOKEN });
  open = await startGitServer();
  await server.createRepo('shop', { files: { Dockerfile: 'FROM busybox\n' } });
  tokenMain = await server.addCommit('shop', { files: { 'index.html': 'private' } });
  shas.first = await open.createRepo(
    'shop',
    {
      files: {
        Dockerfile: 'FROM busybox\n',
        'web/Dockerfile': 'FROM busybox\nCOPY . /web\n',
        'web/index.html': 'v1',
      },
      symlinks: { 'web/current': 'index.html', out: '../../..', etc: '/etc', 'web/Dockerfile.out': '/etc/passwd' },
    },
    { tag: 'v1' },
  );
  shas.second = await open.addCommit('shop', { files: { 'web/index.html': 'v2' } });
  shas.feature = await open.addCommit('shop', { files: { 'web/index.html': 'feature' } }, { branch: 'feature/x' });
});

afterAll(async () => {
  await server?.close();
  await open?.close();
  await rm(work, { recursive: true, force: true });
});

/** Every source directory made under `work` is gone. */
async function expectNoLeftovers() {
  expect(await readdir(work)).toEqual([]);
}

async function refusal(p: Promise<unknown>): Promise<BuildSourceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BuildSourceError);
  return err as BuildSourceError;
}

const base = () => ({ workDir: work, signal: new AbortController().signal });

describe('prepareGitSource over file:// (allowLocal)', () => {
  it.each([
    ['a branch', 'main', () => shas.second, 'v2'],
    ['another branch', 'feature/x', () => shas.feature, 'feature'],
    ['a tag', 'v1', () => shas.first, 'v1'],
    ['a full sha that is no ref tip', 'FIRST', () => shas.first, 'v1'],
    ['an abbreviated sha', 'FIRST10', () => shas.first, 'v1'],
    ['HEAD', 'HEAD', () => shas.second, 'v2'],
  ])('checks out %s and records the commit', async (_what, ref, expected, content) => {
    const realRef = ref === 'FIRST' ? shas.first! : ref === 'FIRST10' ? shas.first!.slice(0, 10) : ref;
    const src = await prepareGitSource({
      ...base(),
      url: open.fileUrl('shop'),
      ref: realRef,
      allowLocal: true,
      contextPath: 'web',
    });
    try {
      expect(src.source).toEqual({ kind: 'git', url: open.fileUrl('shop'), ref: realRef, commit: expected() });
      expect(src.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(src.contextDir).toBe(join(src.dir, 'tree', 'web'));
      expect(src.dockerfile).toBe('Dockerfile');
      expect(await readFile(join(src.contextDir, 'index.html'), 'utf8')).toBe(content);
      // Only what the ref needs: a shallow checkout, unless an abbreviated sha forced the full fetch.
      const { stdout } = await run('git', ['rev-list', '--count', 'HEAD'], { cwd: src.contextDir });
      if (ref !== 'FIRST10') expect(stdout.trim()).toBe('1');
    } finally {
      await src.cleanup();
    }
    await expectNoLeftovers();
  });

  it('says to install git when the host has none (not a bare spawn error)', async () => {
    const path = process.env.PATH;
    // git's environment takes only PATH from ours: an empty directory there is a host without git.
    process.env.PATH = await mkdtemp(join(tmpdir(), 'wh-no-git-'));
    try {
      const err = await refusal(
        prepareGitSource({ ...base(), url: open.fileUrl('shop'), ref: 'main', allowLocal: true, contextPath: 'web' }),
      );
      expect(err.message).toBe(
        'git is not installed where Wheelhouse runs: install it (Debian/Ubuntu: apt-get install git) to build from git sources',
      );
    } finally {
      process.env.PATH = path;
    }
    await expectNoLeftovers();
  });

  it('refuses file:// and http://127.0.0.1 without allowLocal, naming the field', async () => {
    for (const url of [open.fileUrl('shop'), open.httpUrl('shop'), 'https://127.0.0.1/shop.git']) {
      const err = await refusal(prepareGitSource({ ...base(), url, allowLocal: false }));
      expect(err.code).toBe('BUILD_SOURCE_INVALID');
      expect(err.fieldErrors[0]?.path).toEqual(['build', 'source', 'git', 'url']);
    }
    await expectNoLeftovers();
  });

  it('refuses a host name that resolves to a private address, before fetching', async () => {
    for (const [host, addresses] of [
      ['git.internal.example', ['10.0.0.7']],
      ['mixed.example', ['93.184.215.14', '127.0.0.1']],
    ] as const) {
      const err = await refusal(
        prepareGitSource({
          ...base(),
          url: `https://${host}/shop.git`,
          allowLocal: false,
          resolve: async () => [...addresses],
        }),
      );
      expect(err.code).toBe('BUILD_SOURCE_REFUSED');
      expect(err.fieldErrors[0]?.path).toEqual(['build', 'source', 'git', 'url']);
      expect(err.message).toMatch(/loopback, private or link-local .*WHEELHOUSE_GIT_ALLOW_LOCAL/);
    }
    // The real resolver: localhost is loopback.
    const err = await refusal(prepareGitSource({ ...base(), url: 'https://localhost/shop.git', allowLocal: false }));
    expect(err.code).toBe('BUILD_SOURCE_REFUSED');
    await expectNoLeftovers();
  });
});

describe('prepareGitSource connects only where the guard looked', () => {
  it('pins the host to the addresses it approved (a name no DNS knows reaches the server)', async () => {
    const port = new URL(open.origin).port;
    const asked: string[] = [];
    const src = await prepareGitSource({
      ...base(),
      url: `http://git.wheelhouse.invalid:${port}/shop.git`,
      ref: 'main',
      allowLocal: true,
      resolve: async (host) => {
        asked.push(host);
        return ['127.0.0.1'];
      },
    });
    try {
      expect(asked).toEqual(['git.wheelhouse.invalid']);
      expect(src.source.commit).toBe(shas.second);
    } finally {
      await src.cleanup();
    }
  });

  it('follows no redirect, so neither the token nor the fetch go where the guard did not look', async () => {
    server.clearLog();
    open.clearLog();
    server.redirectTo(open.origin);
    try {
      const err = await refusal(
        prepareGitSource({ ...base(), url: server.httpUrl('shop'), credential: TOKEN, allowLocal: true }),
      );
      expect(err.code).toBe('BUILD_SOURCE_FAILED');
      expect(err.message).not.toContain(TOKEN);
      expect(server.requests().map((r) => r.status)).toEqual([302]);
      expect(open.requests()).toEqual([]);
    } finally {
      server.redirectTo(undefined);
    }
    await expectNoLeftovers();
  });
});

describe('prepareGitSource over HTTP with a token', () => {
  it('sends the token as a header the server sees, and keeps it out of the checkout', async () => {
    server.clearLog();
    const lines: string[] = [];
    const src = await prepareGitSource({
      ...base(),
      url: server.httpUrl('shop'),
      ref: 'main',
      credential: `${TOKEN}\n`,
      allowLocal: true,
      onLine: (l) => lines.push(l),
    });
    try {
      expect(src.source.commit).toBe(tokenMain);
      const log = server.requests();
      expect(log.length).toBeGreaterThan(0);
      for (const r of log) {
        expect(r.authorization).toBe(`Basic ${b64(`x-access-token:${TOKEN}`)}`);
        expect(r.status).toBe(200);
        expect(r.url).not.toContain(TOKEN);
      }
      const config = await readFile(join(src.dir, 'tree', '.git', 'config'), 'utf8');
      expect(config).not.toContain(TOKEN);
      expect(config).not.toContain(b64(`x-access-token:${TOKEN}`));
      expect(lines.join('\n')).toContain('FETCH_HEAD');
      expect(lines.join('\n')).not.toContain(TOKEN);
      // Nothing but the checkout (and git's empty HOME) is left in the source's directory.
      expect((await readdir(src.dir)).sort()).toEqual(['home', 'tree']);
    } finally {
      await src.cleanup();
    }
    await expectNoLeftovers();
  });

  it('fails with a wrong token, and the error holds neither token', async () => {
    server.clearLog();
    const err = await refusal(
      prepareGitSource({ ...base(), url: server.httpUrl('shop'), credential: WRONG, allowLocal: true }),
    );
    expect(err.code).toBe('BUILD_SOURCE_FAILED');
    expect(err.message).toMatch(/git fetch of http:\/\/127\.0\.0\.1:\d+\/shop\.git at "HEAD" failed/);
    for (const secret of [TOKEN, WRONG, b64(`x-access-token:${WRONG}`), b64(WRONG)]) {
      expect(err.message).not.toContain(secret);
    }
    expect(server.requests().map((r) => r.status)).toContain(401);
    expect(server.requests()[0]?.authorization).toBe(`Basic ${b64(`x-access-token:${WRONG}`)}`);
    await expectNoLeftovers();
  });

  it('scrubs a token git echoes back in its own error', async () => {
    // A ref that does not exist: git's error names it; here the "ref" is the token itself, so the
    // message would carry the secret verbatim unless scrubbed.
    const err = await refusal(
      prepareGitSource({ ...base(), url: server.httpUrl('shop'), ref: TOKEN, credential: TOKEN, allowLocal: true }),
    );
    expect(err.code).toBe('BUILD_SOURCE_FAILED');
    expect(err.message).toMatch(/couldn't find remote ref/);
    expect(err.message).not.toContain(TOKEN);
    await expectNoLeftovers();
  });

  it('refuses a key for an https URL and a token for an ssh URL, naming the field', async () => {
    const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n';
    const a = await refusal(
      prepareGitSource({ ...base(), url: server.httpUrl('shop'), credential: key, allowLocal: true }),
    );
    expect(a.fieldErrors[0]?.path).toEqual(['build', 'source', 'git', 'credentialSecret']);
    expect(a.message).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA');
    const b = await refusal(
      prepareGitSource({ ...base(), url: 'ssh://git@127.0.0.1:1/shop.git', credential: TOKEN, allowLocal: true }),
    );
    expect(b.fieldErrors[0]?.path).toEqual(['build', 'source', 'git', 'credentialSecret']);
    expect(b.message).not.toContain(TOKEN);
    await expectNoLeftovers();
  });
});

describe('prepareGitSource keeps the build inside the source', () => {
  const local = (o: { contextPath?: string; dockerfile?: string }) =>
    prepareGitSource({ ...base(), url: open.fileUrl('shop'), ref: 'main', allowLocal: true, ...o });

  it.each([
    [{ contextPath: '../x' }, 'contextPath', /escapes/],
    [{ dockerfile: '../../etc/passwd' }, 'dockerfile', /escapes/],
    [{ contextPath: 'out' }, 'contextPath', /"out" leads outside the source through a symlink/],
    [{ contextPath: 'etc' }, 'contextPath', /"etc" leads outside the source through a symlink/],
    [{ contextPath: 'web', dockerfile: 'Dockerfile.out' }, 'dockerfile', /leads outside the build context/],
    [{ contextPath: 'web', dockerfile: 'Dockerfile.prod' }, 'dockerfile', /no Dockerfile at "web\/Dockerfile.prod"/],
    [{ contextPath: 'nope' }, 'contextPath', /"nope" does not exist in the source/],
  ] as [{ contextPath?: string; dockerfile?: string }, string, RegExp][])(
    '%j is refused on build.%s',
    async (o, field, message) => {
      const err = await refusal(local(o));
      expect(err.code).toBe('BUILD_SOURCE_INVALID');
      expect(err.fieldErrors).toEqual([{ path: ['build', field], message: expect.stringMatching(message) }]);
      await expectNoLeftovers();
    },
  );

  it('follows a symlink that stays inside: the builder gets the real file', async () => {
    const src = await local({ dockerfile: 'web/current' });
    expect(src.dockerfile).toBe('web/index.html');
    expect(src.contextDir).toBe(join(src.dir, 'tree'));
    await src.cleanup();
    await expectNoLeftovers();
  });
});
