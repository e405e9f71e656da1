import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContextArchive, packContext } from '../../src/cli/context-archive.js';

interface Entry {
  name: string;
  type: string;
  linkname?: string;
  uid: number;
  body: string;
}

/** Every entry of a .tar.gz, as the server's extractor would read it. */
async function entriesOf(path: string): Promise<Map<string, Entry>> {
  const out = new Map<string, Entry>();
  const ex = extract();
  ex.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: unknown) => chunks.push(c as Buffer));
    stream.on('end', () => {
      const name = header.name.replace(/^\.\//, '').replace(/\/$/, '');
      out.set(name, {
        name,
        type: header.type ?? 'file',
        linkname: header.linkname ?? undefined,
        uid: header.uid ?? -1,
        body: Buffer.concat(chunks).toString(),
      });
      next();
    });
  });
  await pipeline(createReadStream(path), createGunzip(), ex);
  return out;
}

describe('packContext: a build context as docker build would send it', () => {
  let base: string;
  let dir: string;
  const archives: ContextArchive[] = [];
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'wheelhouse-ctx-test-'));
    dir = join(base, 'app');
    await mkdir(dir);
  });
  afterEach(async () => {
    for (const a of archives.splice(0)) await a.dispose();
    await rm(base, { recursive: true, force: true });
  });
  const packed = async (...args: Parameters<typeof packContext>) => {
    const a = await packContext(...args);
    archives.push(a);
    return a;
  };

  it('honours .dockerignore (with ! exceptions), always sends the Dockerfile and leaves .git home', async () => {
    await writeFile(join(dir, 'Dockerfile'), 'FROM busybox\n');
    await writeFile(join(dir, 'app.js'), 'console.log(1)\n');
    await writeFile(join(dir, '.dockerignore'), '# build junk\nnode_modules\n*.log\n!keep.log\nDockerfile\nsecret/\n');
    await writeFile(join(dir, 'debug.log'), 'noise');
    await writeFile(join(dir, 'keep.log'), 'kept');
    await mkdir(join(dir, 'node_modules', 'left-pad'), { recursive: true });
    await writeFile(join(dir, 'node_modules', 'left-pad', 'index.js'), 'x');
    await mkdir(join(dir, 'secret'));
    await writeFile(join(dir, 'secret', 'key.pem'), 'PRIVATE');
    await mkdir(join(dir, '.git', 'objects'), { recursive: true });
    await writeFile(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    await mkdir(join(dir, 'src', 'lib'), { recursive: true });
    await writeFile(join(dir, 'src', 'lib', 'a.txt'), 'aaa');

    const a = await packed(dir);
    const names = [...(await entriesOf(a.path)).keys()].filter((n) => n !== '.' && n !== '').sort();
    expect(names).toEqual(['.dockerignore', 'Dockerfile', 'app.js', 'keep.log', 'src', 'src/lib', 'src/lib/a.txt']);
    expect(a.files).toBe(5);

    // includeGit sends the repository too.
    const withGit = await packed(dir, { includeGit: true });
    expect((await entriesOf(withGit.path)).get('.git/HEAD')?.body).toBe('ref: refs/heads/main\n');
  });

  it('an exception inside an ignored directory brings that file back', async () => {
    await writeFile(join(dir, 'Dockerfile'), 'FROM busybox\n');
    await writeFile(join(dir, '.dockerignore'), 'docs\n!docs/README.md\n');
    await mkdir(join(dir, 'docs'));
    await writeFile(join(dir, 'docs', 'README.md'), 'read me');
    await writeFile(join(dir, 'docs', 'draft.md'), 'draft');
    const entries = await entriesOf((await packed(dir)).path);
    expect(entries.get('docs/README.md')?.body).toBe('read me');
    expect(entries.has('docs/draft.md')).toBe(false);
  });

  it('never follows a symlink out of the directory: links out are skipped and reported, links in stay links', async () => {
    await writeFile(join(base, 'outside.txt'), 'OUTSIDE SECRET');
    await mkdir(join(base, 'outside-dir'));
    await writeFile(join(base, 'outside-dir', 'x.txt'), 'OUTSIDE DIR');
    await writeFile(join(dir, 'Dockerfile'), 'FROM busybox\n');
    await writeFile(join(dir, 'real.txt'), 'inside');
    await symlink('real.txt', join(dir, 'alias.txt'));
    await symlink('../outside.txt', join(dir, 'up.txt'));
    await symlink(join(base, 'outside.txt'), join(dir, 'absolute.txt'));
    await symlink('../outside-dir', join(dir, 'linked-dir'));
    // Inside as written, but through a link that leaves: still out.
    await symlink('linked-dir/x.txt', join(dir, 'through.txt'));

    const a = await packed(dir);
    const entries = await entriesOf(a.path);
    expect(entries.get('alias.txt')).toMatchObject({ type: 'symlink', linkname: 'real.txt' });
    for (const name of ['up.txt', 'absolute.txt', 'linked-dir', 'through.txt']) expect(entries.has(name)).toBe(false);
    expect(a.skippedLinks.map((l) => l.path).sort()).toEqual(['absolute.txt', 'linked-dir', 'through.txt', 'up.txt']);
    const all = [...entries.values()].map((e) => e.body).join('');
    expect(all).not.toContain('OUTSIDE');
  });

  it('reports progress in content bytes up to the total, and its digest is the file it wrote', async () => {
    await writeFile(join(dir, 'Dockerfile'), 'FROM busybox\n');
    await writeFile(join(dir, 'big.bin'), Buffer.alloc(300_000, 7));
    await writeFile(join(dir, 'small.txt'), 'hello');
    const seen: Array<[number, number]> = [];
    const a = await packed(dir, { onProgress: (done, total) => seen.push([done, total]) });
    const total = 13 + 300_000 + 5;
    expect(a.contentBytes).toBe(total);
    expect(seen.every(([, t]) => t === total)).toBe(true);
    expect(seen.at(-1)).toEqual([total, total]);
    // More than a start and an end: the big file is read in chunks.
    expect(seen.length).toBeGreaterThan(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThanOrEqual(seen[i - 1]![0]);
    expect(a.bytes).toBe((await stat(a.path)).size);
    expect(a.sha256).toBe(
      createHash('sha256')
        .update(await readFile(a.path))
        .digest('hex'),
    );
    // Owners are not the packer's: every entry is root's.
    expect([...(await entriesOf(a.path)).values()].every((e) => e.uid === 0)).toBe(true);
  });

  it('the same tree packs to the same digest; a changed file changes it', async () => {
    await writeFile(join(dir, 'Dockerfile'), 'FROM busybox\n');
    await writeFile(join(dir, 'b.txt'), 'b');
    await writeFile(join(dir, 'a.txt'), 'a');
    const one = await packed(dir);
    const two = await packed(dir);
    expect(two.sha256).toBe(one.sha256);
    await writeFile(join(dir, 'a.txt'), 'A');
    expect((await packed(dir)).sha256).not.toBe(one.sha256);
  });

  it('a path that is not a directory is a usage error naming it', async () => {
    await expect(packContext(join(base, 'missing'))).rejects.toMatchObject({
      exitCode: 2,
      message: /missing: not a directory/,
    });
  });
});
