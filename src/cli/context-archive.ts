import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdtemp, readdir, readFile, readlink, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import dockerignore from '@balena/dockerignore';
import { pack, type PackOptions as TarPackOptions } from 'tar-fs';
import { usageError } from './exit-codes.js';

// The package is CommonJS (`module.exports = factory`) but its types declare an ES default export,
// which NodeNext reads as `.default`; Node hands the factory itself to a default import.
const ignore = ((dockerignore as unknown as { default?: unknown }).default ??
  dockerignore) as typeof dockerignore.default;

/** A symlink left out of the archive, and why. */
export interface SkippedLink {
  /** Its path inside the context, with `/`. */
  path: string;
  /** Where it points, as written. */
  target: string;
}

/** Options of `packContext`. */
export interface PackOptions {
  /** The Dockerfile's path relative to the context (default `Dockerfile`): always sent, even when ignored. */
  dockerfile?: string;
  /** Keep `.git` (default false: a repository's history is rarely part of an image, and often most of its size). */
  includeGit?: boolean;
  /** Told as the files' bytes are read into the archive: `done` of `total` content bytes. */
  onProgress?: (done: number, total: number) => void;
}

/** A build context packed into a gzipped tar file, ready to upload. */
export interface ContextArchive {
  /** The `.tar.gz` file (in a temporary directory `dispose` removes). */
  path: string;
  /** Its size in bytes. */
  bytes: number;
  /** Its sha256, hex: what the server records as the archive's digest. */
  sha256: string;
  /** Regular files packed. */
  files: number;
  /** The files' bytes before compression. */
  contentBytes: number;
  /** Symlinks left out because they point outside the context (or nowhere inside it). */
  skippedLinks: SkippedLink[];
  /** Removes the temporary file. */
  dispose(): Promise<void>;
}

/** What the walk decided to send. */
interface Selection {
  keep: Set<string>;
  files: number;
  contentBytes: number;
  skippedLinks: SkippedLink[];
}

/**
 * Packs `dir` as a build context, as `docker build` would send it: the
 * `.dockerignore` patterns (with `!` exceptions) decide what goes, the
 * Dockerfile and `.dockerignore` themselves always go, and `.git` stays home
 * unless asked. Symlinks are stored as links, never followed; a link that
 * points outside `dir` (absolute, `..` past the root, or resolving outside
 * it through another link) is left out and reported, so nothing outside the
 * directory can reach the server. Owners are written as root and entries
 * sorted, so the same tree packs to the same files.
 */
export async function packContext(dir: string, options: PackOptions = {}): Promise<ContextArchive> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw usageError(`${dir}: not a directory (a build context)`);
  const root = await realpath(dir);
  const selection = await select(root, options);

  const tmp = await mkdtemp(join(tmpdir(), 'wheelhouse-context-'));
  const path = join(tmp, 'context.tar.gz');
  const dispose = () => rm(tmp, { recursive: true, force: true });
  try {
    let done = 0;
    const total = selection.contentBytes;
    options.onProgress?.(0, total);
    // `sort` (tar-fs 3) is missing from its types: entries in name order make the same tree the same archive.
    const tarOptions: TarPackOptions & { sort: boolean } = {
      sort: true,
      dereference: false,
      // tar-fs asks about every name it finds (absolute); only what the walk chose goes.
      ignore: (name: string) => !selection.keep.has(toSlash(relative(root, name))),
      map: (header) => ({ ...header, uid: 0, gid: 0, uname: '', gname: '' }),
      mapStream: (file) => {
        file.on('data', (chunk: Buffer | string) => {
          done += chunk.length;
          options.onProgress?.(done, total);
        });
        return file;
      },
    };
    const tar = pack(root, tarOptions);
    const hash = createHash('sha256');
    let bytes = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        bytes += chunk.length;
        cb(null, chunk);
      },
    });
    await pipeline(tar, createGzip(), measure, createWriteStream(path));
    return {
      path,
      bytes,
      sha256: hash.digest('hex'),
      files: selection.files,
      contentBytes: selection.contentBytes,
      skippedLinks: selection.skippedLinks,
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** Walks the context once and decides, by the dockerignore rules, every path that goes. */
async function select(root: string, options: PackOptions): Promise<Selection> {
  const dockerfile = toSlash(options.dockerfile ?? 'Dockerfile').replace(/^\.\//, '');
  const patterns = await readIgnore(root);
  if (!options.includeGit) patterns.unshift('.git');
  const hasExceptions = patterns.some((p) => p.trim().startsWith('!'));
  // Docker sends these two even when the file ignores them: the daemon needs them.
  const rules = ignore().add([...patterns, `!${dockerfile}`, '!.dockerignore']);
  const selection: Selection = { keep: new Set(['.']), files: 0, contentBytes: 0, skippedLinks: [] };

  const walk = async (relDir: string): Promise<void> => {
    const entries = await readdir(join(root, relDir), { withFileTypes: true });
    for (const entry of entries) {
      const rel = relDir === '.' ? entry.name : `${relDir}/${entry.name}`;
      const abs = join(root, rel);
      const ignored = rules.ignores(rel);
      if (entry.isDirectory()) {
        // An ignored directory is pruned unless an exception could bring back something inside it.
        if (ignored && !hasExceptions) continue;
        if (!ignored) selection.keep.add(rel);
        await walk(rel);
        if (ignored && [...selection.keep].some((k) => k.startsWith(`${rel}/`))) selection.keep.add(rel);
        continue;
      }
      if (ignored) continue;
      if (entry.isSymbolicLink()) {
        const target = await readlink(abs);
        if (await linkStaysInside(root, abs, target)) selection.keep.add(rel);
        else selection.skippedLinks.push({ path: rel, target });
        continue;
      }
      if (!entry.isFile()) continue; // sockets, fifos and devices are no part of a context
      const { size } = await lstat(abs);
      selection.keep.add(rel);
      selection.files++;
      selection.contentBytes += size;
    }
  };
  await walk('.');
  return selection;
}

/** The `.dockerignore` lines (comments and blanks dropped), or none. */
async function readIgnore(root: string): Promise<string[]> {
  const text = await readFile(join(root, '.dockerignore'), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return '';
    throw err;
  });
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/**
 * True when a relative link resolves inside `root`, both as written and
 * through whatever links lie on its way (a dangling link is judged as written).
 */
async function linkStaysInside(root: string, link: string, target: string): Promise<boolean> {
  if (isAbsolute(target)) return false;
  if (!inside(root, resolve(dirname(link), target))) return false;
  const real = await realpath(link).catch(() => undefined);
  return real === undefined || inside(root, real);
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

function toSlash(p: string): string {
  return p.split(sep).join('/') || '.';
}
