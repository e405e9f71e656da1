import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, lstat, mkdir, rm, symlink, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type Header, extract as tarExtract } from 'tar-stream';
import { entryProblem } from '../control/build-archive-check.js';
import { BUILD_FIELDS } from '../control/build-paths.js';
import {
  abortError,
  BuildSourceError,
  checkedPaths,
  newSourceDir,
  type PreparedSource,
  removeDir,
  resolveContext,
} from './build-source-tree.js';

/*
 * An uploaded source: the archive the API checked and stored, extracted into
 * a fresh directory. The entry rules are the API's check again (the stored
 * bytes are trusted no more than the upload), plus the extractor's own:
 * nothing is written through a symlink (a link made by an earlier entry that
 * a later one would write through), so every file lands inside the directory
 * whatever the links say. The digest is checked against the one the build
 * recorded; a different archive is refused.
 */

/** What to extract, and where. */
export interface ArchiveSourceInput {
  /** The stored archive (tar or gzipped tar): a Readable or any chunks. */
  archive: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** The hex sha256 recorded at upload; the bytes must match it. */
  sha256: string;
  /** A directory the source's own temporary directory is made in. */
  workDir: string;
  /** Inside the source (default `.`). */
  contextPath?: string;
  /** Relative to the context (default `Dockerfile`). */
  dockerfile?: string;
  /** Aborting stops the extraction and removes everything made. */
  signal: AbortSignal;
}

/** Extracts the archive and resolves the context in it; see the module comment. */
export async function prepareArchiveSource(input: ArchiveSourceInput): Promise<PreparedSource> {
  const { signal } = input;
  const paths = checkedPaths(input.contextPath ?? '.', input.dockerfile ?? 'Dockerfile');
  signal.throwIfAborted();
  const dir = await newSourceDir(input.workDir, 'archive');
  const cleanup = () => removeDir(dir);
  const tree = join(dir, 'tree');
  try {
    await mkdir(tree);
    const sha256 = await extractInto(tree, input.archive, signal);
    if (sha256 !== input.sha256.toLowerCase())
      throw BuildSourceError.field(
        'BUILD_SOURCE_INVALID',
        BUILD_FIELDS.archive,
        `the stored archive's sha256 (${sha256}) is not the uploaded one (${input.sha256})`,
      );
    const resolved = await resolveContext(tree, paths.contextPath, paths.dockerfile);
    signal.throwIfAborted();
    return { dir, ...resolved, source: { kind: 'archive', archiveSha256: sha256 }, cleanup };
  } catch (err) {
    await cleanup();
    if (signal.aborted) throw abortError(signal);
    if (err instanceof BuildSourceError) throw err;
    throw BuildSourceError.field(
      'BUILD_SOURCE_INVALID',
      BUILD_FIELDS.archive,
      `could not be extracted: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

const refused = (message: string) => BuildSourceError.field('BUILD_SOURCE_INVALID', BUILD_FIELDS.archive, message);

/** Extracts into `tree`; resolves with the sha256 of the bytes as given. */
async function extractInto(
  tree: string,
  archive: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  signal: AbortSignal,
): Promise<string> {
  const hash = createHash('sha256');
  const extract = tarExtract();
  const hashed = async function* () {
    for await (const chunk of archive) {
      signal.throwIfAborted();
      hash.update(chunk);
      yield chunk;
    }
  };
  const chunks = hashed();
  const head = await chunks.next();
  if (head.done) throw refused('is an empty archive');
  const all = async function* () {
    yield head.value;
    yield* chunks;
  };
  // Gunzip only when the first bytes say so (the API's check detects it the same way).
  const gzip = head.value.length >= 2 && head.value[0] === 0x1f && head.value[1] === 0x8b;
  const writer = (async () => {
    let entries = 0;
    for await (const entry of extract) {
      signal.throwIfAborted();
      await writeEntry(tree, entry.header, entry);
      entries += 1;
    }
    if (entries === 0) throw refused('is an empty archive');
  })();
  // An abort ends the extraction at once, whatever a stream in the pipe is waiting for.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      reject(abortError(signal));
      extract.destroy(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  try {
    const sink = extract as unknown as NodeJS.WritableStream;
    const piped = gzip ? pipeline(all, createGunzip(), sink) : pipeline(all, sink);
    piped.catch(() => {});
    await Promise.race([piped, aborted]);
    await Promise.race([writer, aborted]);
  } catch (err) {
    writer.catch(() => {});
    // The rest of the archive is not wanted: a stream still producing it is closed.
    const source = archive as { destroy?: () => void };
    if (typeof source.destroy === 'function') source.destroy();
    if (signal.aborted) throw abortError(signal);
    if (err instanceof BuildSourceError) throw err;
    // The writer's refusal is the reason the parser stopped: say that one.
    const own = await writer.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (own instanceof BuildSourceError) throw own;
    throw refused(`is not a tar archive (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    signal.removeEventListener('abort', onAbort);
    // A source still being read (the abort, a refused entry) is let go of.
    void chunks.return(undefined);
  }
  return hash.digest('hex');
}

/**
 * Writes one entry under `tree`, never through a symlink: each parent
 * component must be a real directory (made when missing), and what is
 * already at the entry's own path is removed first (a later entry replaces an
 * earlier one, as tar does), so a link there is replaced, not followed.
 */
async function writeEntry(tree: string, h: Header, body: AsyncIterable<unknown>): Promise<void> {
  const why = entryProblem(h);
  if (why) throw refused(`has an unsafe entry: ${why}`);
  const parts = h.name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) {
    for await (const _ of body) {
      // the root itself ("./"): nothing to write
    }
    return;
  }
  await parentsOf(tree, parts, h.name);
  const target = join(tree, ...parts);
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !(existing.isDirectory() && h.type === 'directory')) {
    await rm(target, { recursive: true, force: true });
  }
  switch (h.type) {
    case 'directory':
      if (!existing?.isDirectory()) await mkdir(target, { mode: 0o755 });
      for await (const _ of body) {
        // directories have no contents
      }
      return;
    case 'symlink':
      await symlink(h.linkname, target);
      for await (const _ of body) {
        // no contents
      }
      return;
    case 'link': {
      const from = h.linkname.split('/').filter((p) => p !== '' && p !== '.');
      await parentsOf(tree, from, h.linkname);
      const src = join(tree, ...from);
      const st = await lstat(src).catch(() => undefined);
      if (!st?.isFile()) throw refused(`hard link ${JSON.stringify(h.name)} does not point at a file before it`);
      await copyFile(src, target);
      for await (const _ of body) {
        // no contents
      }
      return;
    }
    default: {
      // Owner-writable (cleanup must remove it), never setuid/setgid/sticky.
      const mode = ((h.mode ?? 0o644) & 0o777) | 0o600;
      await pipeline(body, createWriteStream(target, { flags: 'wx', mode }));
    }
  }
}

/** Makes the parents of `parts` under `tree`, refusing to pass through a symlink or a file. */
async function parentsOf(tree: string, parts: string[], name: string): Promise<void> {
  let at = tree;
  for (const p of parts.slice(0, -1)) {
    at = join(at, p);
    const st = await lstat(at).catch(() => undefined);
    if (!st) {
      await mkdir(at, { mode: 0o755 });
      continue;
    }
    if (st.isSymbolicLink()) {
      throw refused(`entry ${JSON.stringify(name)} would be written through a symlink (${JSON.stringify(p)})`);
    }
    if (!st.isDirectory()) {
      await unlink(at);
      await mkdir(at, { mode: 0o755 });
    }
  }
}
