import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { type Header, pack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { ArchiveProblem, checkArchive } from '../../src/control/build-archive-check.js';

type Entry = Partial<Header> & { name: string; body?: string | Buffer };

/** A tar made by tar-stream's packer, entries exactly as given (no normalisation). */
async function tarOf(entries: Entry[]): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  // Read while writing: a large entry's callback waits for the packer's buffer to drain.
  const read = (async () => {
    for await (const c of p) chunks.push(Buffer.from(c as Uint8Array));
  })();
  for (const { body, ...header } of entries) {
    await new Promise<void>((resolve, reject) => p.entry(header, body ?? '', (err) => (err ? reject(err) : resolve())));
  }
  p.finalize();
  await read;
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A source that hands out `data` in chunks and counts what was pulled from it. */
function counted(data: Buffer, chunk = 16 * 1024) {
  const state = { pulled: 0, destroyed: false };
  let at = 0;
  const stream = new Readable({
    highWaterMark: chunk,
    read() {
      if (at >= data.length) return this.push(null);
      const part = data.subarray(at, at + chunk);
      at += part.length;
      state.pulled += part.length;
      this.push(part);
    },
    destroy(err, cb) {
      state.destroyed = true;
      cb(err);
    },
  });
  return { stream, state };
}

const context: Entry[] = [
  { name: 'Dockerfile', body: 'FROM busybox\nCOPY . /app\n' },
  { name: 'app/', type: 'directory' },
  { name: 'app/main.sh', body: 'echo hi\n', mode: 0o755 },
  { name: 'app/current', type: 'symlink', linkname: 'main.sh' },
  { name: 'app/up', type: 'symlink', linkname: '../Dockerfile' },
  { name: 'app/copy', type: 'link', linkname: 'app/main.sh' },
];

describe('checkArchive', () => {
  it('passes a tar and a tar.gz, with the sha256 of the bytes as uploaded', async () => {
    const tar = await tarOf(context);
    const verdict = await checkArchive(Readable.from([tar]), { maxBytes: 1 << 20 });
    expect(verdict).toEqual({ sha256: sha(tar), bytes: tar.length, gzip: false, entries: context.length });

    const gz = gzipSync(tar);
    const chunks = counted(gz, 7); // tiny chunks: the gzip magic and headers span several
    const zipped = await checkArchive(chunks.stream, { maxBytes: 1 << 20 });
    expect(zipped).toEqual({ sha256: sha(gz), bytes: gz.length, gzip: true, entries: context.length });
  });

  it('stops reading at once past the limit', async () => {
    const big = await tarOf([{ name: 'blob', body: randomBytes(4 << 20) }]);
    const limit = 256 * 1024;
    const { stream, state } = counted(big);
    const verdict = await checkArchive(stream, { maxBytes: limit });
    expect(verdict).toBeInstanceOf(ArchiveProblem);
    expect((verdict as ArchiveProblem).reason).toBe('TOO_LARGE');
    expect((verdict as ArchiveProblem).fieldError().path).toEqual(['build', 'source', 'archive']);
    // Read no further than the chunk that crossed the limit (plus what the stream buffered ahead).
    expect(state.pulled).toBeLessThanOrEqual(limit + 2 * 16 * 1024);
    expect(state.destroyed).toBe(true);
  });

  it('refuses a gzip bomb by what it expands to', async () => {
    const tar = await tarOf([{ name: 'zeros', body: Buffer.alloc(8 << 20) }]);
    const gz = gzipSync(tar);
    expect(gz.length).toBeLessThan(64 * 1024);
    const verdict = await checkArchive(Readable.from([gz]), { maxBytes: 64 * 1024, maxUnpackedBytes: 1 << 20 });
    expect((verdict as ArchiveProblem).reason).toBe('TOO_LARGE');
    expect((verdict as ArchiveProblem).message).toMatch(/expands to more than/);
  });

  it.each([
    ['a ".." path', { name: '../evil', body: 'x' }, /"\.\.\/evil" has a "\.\." in its path/],
    ['a nested ".." path', { name: 'a/../../evil', body: 'x' }, /has a "\.\." in its path/],
    ['an absolute path', { name: '/abs', body: 'x' }, /"\/abs" has an absolute path/],
    ['a symlink to /etc', { name: 'etc', type: 'symlink', linkname: '/etc' }, /symlink "etc" points outside/],
    ['a symlink up and out', { name: 'a/b', type: 'symlink', linkname: '../../x' }, /points outside/],
    ['a hard link out', { name: 'h', type: 'link', linkname: '../x' }, /hard link "h" points outside/],
    ['a device file', { name: 'null', type: 'character-device', devmajor: 1, devminor: 3 }, /device file/],
    ['a fifo', { name: 'pipe', type: 'fifo' }, /is a fifo/],
  ] as [string, Entry, RegExp][])('refuses %s, naming the field', async (_what, bad, message) => {
    const tar = await tarOf([{ name: 'Dockerfile', body: 'FROM busybox\n' }, bad]);
    for (const bytes of [tar, gzipSync(tar)]) {
      const verdict = await checkArchive(Readable.from([bytes]), { maxBytes: 1 << 20 });
      expect(verdict).toBeInstanceOf(ArchiveProblem);
      const p = verdict as ArchiveProblem;
      expect(p.reason).toBe('UNSAFE_ENTRY');
      expect(p.message).toMatch(message);
      expect(p.fieldError().path).toEqual(['build', 'source', 'archive']);
    }
  });

  it('says "not a tar archive" of garbage, gzipped garbage, a truncated tar and nothing', async () => {
    const tar = await tarOf(context);
    const garbage = randomBytes(4096);
    for (const bytes of [garbage, gzipSync(garbage), tar.subarray(0, 700), Buffer.from('hello world\n')]) {
      const verdict = await checkArchive(Readable.from([bytes]), { maxBytes: 1 << 20 });
      expect((verdict as ArchiveProblem).reason).toBe('NOT_TAR');
      expect((verdict as ArchiveProblem).message).toMatch(/^is not a tar archive/);
    }
    const corruptGzip = Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(100)]);
    const v = await checkArchive(Readable.from([corruptGzip]), { maxBytes: 1 << 20 });
    expect((v as ArchiveProblem).message).toMatch(/gzip stream is corrupt/);
    const empty = await checkArchive(Readable.from([Buffer.alloc(1024)]), { maxBytes: 1 << 20 });
    expect((empty as ArchiveProblem).reason).toBe('EMPTY');
  });

  it('rejects with the reason when its signal aborts', async () => {
    const ac = new AbortController();
    const never = new Readable({ read() {} });
    const pending = checkArchive(never, { maxBytes: 1 << 20, signal: ac.signal });
    never.push(Buffer.alloc(512, 0x41));
    ac.abort(new Error('stop'));
    never.push(Buffer.alloc(512, 0x41));
    await expect(pending).rejects.toThrow('stop');
  });
});
