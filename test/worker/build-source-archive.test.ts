import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { type Header, pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildSourceError, prepareArchiveSource } from '../../src/worker/build-source.js';

type Entry = Partial<Header> & { name: string; body?: string };

async function tarOf(entries: Entry[]): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  const read = (async () => {
    for await (const c of p) chunks.push(Buffer.from(c as Uint8Array));
  })();
  for (const { body, ...header } of entries) {
    await new Promise<void>((resolve, reject) => p.entry(header, body ?? '', (e) => (e ? reject(e) : resolve())));
  }
  p.finalize();
  await read;
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let work: string;
let outside: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'wh-build-archive-'));
  outside = await mkdtemp(join(tmpdir(), 'wh-outside-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const context: Entry[] = [
  { name: './', type: 'directory' },
  { name: './Dockerfile', body: 'FROM busybox\n' },
  { name: './web/', type: 'directory' },
  { name: './web/Dockerfile', body: 'FROM busybox\nCOPY . /web\n' },
  { name: './web/run.sh', body: 'echo hi\n', mode: 0o4755 },
  { name: './web/current', type: 'symlink', linkname: 'run.sh' },
  { name: './web/copy.sh', type: 'link', linkname: 'web/run.sh' },
];

async function refusal(p: Promise<unknown>): Promise<BuildSourceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BuildSourceError);
  return err as BuildSourceError;
}

const signal = () => new AbortController().signal;

describe('prepareArchiveSource', () => {
  it.each([
    ['a tar', false],
    ['a tar.gz', true],
  ])('extracts %s and resolves the context in it', async (_what, gz) => {
    const tar = await tarOf(context);
    const bytes = gz ? gzipSync(tar) : tar;
    // In small chunks, as a stored upload is read back.
    const chunks = Readable.from(
      Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) => bytes.subarray(i * 100, i * 100 + 100)),
    );
    const src = await prepareArchiveSource({
      archive: chunks,
      sha256: sha(bytes),
      workDir: work,
      contextPath: 'web',
      signal: signal(),
    });
    try {
      expect(src.source).toEqual({ kind: 'archive', archiveSha256: sha(bytes) });
      expect(src.contextDir).toBe(join(src.dir, 'tree', 'web'));
      expect(src.dockerfile).toBe('Dockerfile');
      expect(await readFile(join(src.contextDir, 'copy.sh'), 'utf8')).toBe('echo hi\n');
      expect(await readlink(join(src.contextDir, 'current'))).toBe('run.sh');
      // Modes kept, setuid dropped.
      expect(((await stat(join(src.contextDir, 'run.sh'))).mode & 0o7777).toString(8)).toBe('755');
    } finally {
      await src.cleanup();
    }
    expect(await readdir(work)).toEqual([]);
  });

  it('refuses bytes that are not the recorded upload', async () => {
    const tar = await tarOf(context);
    const err = await refusal(
      prepareArchiveSource({ archive: [tar], sha256: sha(Buffer.from('other')), workDir: work, signal: signal() }),
    );
    expect(err.fieldErrors[0]?.path).toEqual(['build', 'source', 'archive']);
    expect(err.message).toMatch(/is not the uploaded one/);
    expect(await readdir(work)).toEqual([]);
  });

  it.each([
    ['../evil', [{ name: '../evil', body: 'x' }], /has a "\.\." in its path/],
    ['/abs', [{ name: '/abs', body: 'x' }], /has an absolute path/],
    ['a symlink to /etc', [{ name: 'etc', type: 'symlink', linkname: '/etc' }], /points outside/],
    [
      // Each link alone stays inside; through the first, the second leads out. Writing through a link is refused.
      'a write through a symlink',
      [
        { name: 'd/', type: 'directory' },
        { name: 'd/up', type: 'symlink', linkname: '..' },
        // Through `d/up` (the root), `up2` would be made in the root pointing above it, and `pwned` land outside.
        { name: 'd/up/up2', type: 'symlink', linkname: '..' },
        { name: 'd/up/up2/pwned', body: 'x' },
      ],
      /would be written through a symlink/,
    ],
    ['a device', [{ name: 'null', type: 'character-device', devmajor: 1, devminor: 3 }], /device file/],
    ['garbage', 'garbage', /not a tar archive/],
  ] as [string, Entry[] | 'garbage', RegExp][])(
    'refuses %s on build.source.archive',
    async (_what, entries, message) => {
      const bytes =
        entries === 'garbage'
          ? Buffer.from('x'.repeat(2048))
          : await tarOf([{ name: 'Dockerfile', body: 'FROM busybox\n' }, ...entries]);
      const err = await refusal(
        prepareArchiveSource({ archive: [bytes], sha256: sha(bytes), workDir: work, signal: signal() }),
      );
      expect(err.code).toBe('BUILD_SOURCE_INVALID');
      expect(err.fieldErrors).toEqual([
        { path: ['build', 'source', 'archive'], message: expect.stringMatching(message) },
      ]);
      expect(await readdir(work)).toEqual([]);
      expect(await readdir(outside)).toEqual([]);
    },
  );

  it('refuses a context or a Dockerfile that leads out through a symlink', async () => {
    const tar = await tarOf([
      { name: 'Dockerfile', body: 'FROM busybox\n' },
      { name: 'a/', type: 'directory' },
      // Inside the archive, but outside the context `a`: the builder would read a file it was not given.
      { name: 'a/Dockerfile.link', type: 'symlink', linkname: '../Dockerfile' },
    ]);
    const ctx = await refusal(
      prepareArchiveSource({
        archive: [tar],
        sha256: sha(tar),
        workDir: work,
        contextPath: 'a',
        dockerfile: 'Dockerfile.link',
        signal: signal(),
      }),
    );
    expect(ctx.fieldErrors).toEqual([
      { path: ['build', 'dockerfile'], message: expect.stringMatching(/leads outside the build context/) },
    ]);
    const missing = await refusal(
      prepareArchiveSource({ archive: [tar], sha256: sha(tar), workDir: work, contextPath: 'a', signal: signal() }),
    );
    expect(missing.fieldErrors[0]?.message).toBe('no Dockerfile at "a/Dockerfile"');
    expect(await readdir(work)).toEqual([]);
  });

  it('stops when aborted and leaves nothing', async () => {
    const ac = new AbortController();
    const tar = await tarOf(context);
    const slow = new Readable({ read() {} });
    let closed = false;
    slow.on('close', () => {
      closed = true;
    });
    const pending = prepareArchiveSource({ archive: slow, sha256: sha(tar), workDir: work, signal: ac.signal });
    slow.push(tar.subarray(0, 1024));
    await new Promise((r) => setTimeout(r, 50));
    const reason = new Error('canceled');
    ac.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(await readdir(work)).toEqual([]);
    expect(closed).toBe(true);
  });
});
