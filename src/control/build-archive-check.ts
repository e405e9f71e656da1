import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { createGunzip, type Gunzip } from 'node:zlib';
import { type Header, extract as tarExtract } from 'tar-stream';
import { BUILD_FIELDS } from './build-paths.js';
import type { FieldError } from './errors.js';

/*
 * The check of an uploaded build context (a tar or a gzipped tar) while it is
 * read, before anything is stored: its digest, its size under a limit, and
 * every entry's path. Nothing is written: the bytes pass through a hash and a
 * tar parser and are dropped; the API layer keeps its own copy. The worker
 * extracts with the same entry rules (`entryProblem`) and, besides, never
 * writes through a symlink.
 */

/** Why an archive was refused. */
export type ArchiveProblemReason = 'TOO_LARGE' | 'NOT_TAR' | 'UNSAFE_ENTRY' | 'EMPTY';

/** A refused archive: the field it belongs to (`build.source.archive`) and a message safe to show. */
export class ArchiveProblem extends Error {
  override readonly name = 'ArchiveProblem';
  readonly path: string[] = [...BUILD_FIELDS.archive];
  constructor(
    readonly reason: ArchiveProblemReason,
    message: string,
  ) {
    super(message);
  }
  /** The problem as a ValidationError's field error. */
  fieldError(): FieldError {
    return { path: this.path, message: this.message };
  }
}

/** An archive that passed. */
export interface ArchiveVerdict {
  /** Hex sha256 of the bytes as uploaded (compressed when gzipped). */
  sha256: string;
  /** Bytes read, as uploaded. */
  bytes: number;
  /** The upload was a gzipped tar. */
  gzip: boolean;
  /** Entries in the archive (files, directories, links). */
  entries: number;
}

/** Limits of one check. */
export interface ArchiveLimits {
  /** Most bytes the upload may have; one more and reading stops. */
  maxBytes: number;
  /** Most bytes a gzipped upload may expand to (a gzip bomb); default 10 × maxBytes. */
  maxUnpackedBytes?: number;
  /** Stops the check (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** One entry's header as the checks need it (tar-stream's, or any extractor's). */
export type EntryHeader = Pick<Header, 'name' | 'type' | 'linkname'>;

/**
 * Why an entry may not be extracted, or undefined: an absolute path, a `..`
 * component, a device file or fifo, a symlink whose target leaves the
 * archive's root (absolute, or `..` past it from where the link is), a hard
 * link to something outside it.
 */
export function entryProblem(h: EntryHeader): string | undefined {
  const name = h.name;
  const shown = JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);
  if (name.includes('\0')) return `entry ${shown} has a NUL in its path`;
  if (name.startsWith('/')) return `entry ${shown} has an absolute path`;
  if (name.split('/').includes('..')) return `entry ${shown} has a ".." in its path`;
  switch (h.type) {
    case 'file':
    case 'contiguous-file':
    case 'directory':
      return undefined;
    case 'symlink': {
      const target = h.linkname ?? '';
      if (target === '' || target.includes('\0')) return `symlink ${shown} has no usable target`;
      if (target.startsWith('/')) return `symlink ${shown} points outside the archive (${JSON.stringify(target)})`;
      const resolved = posix.normalize(posix.join(posix.dirname(posix.normalize(name)), target));
      if (resolved === '..' || resolved.startsWith('../'))
        return `symlink ${shown} points outside the archive (${JSON.stringify(target)})`;
      return undefined;
    }
    case 'link': {
      const target = h.linkname ?? '';
      if (target === '' || target.includes('\0') || target.startsWith('/') || target.split('/').includes('..'))
        return `hard link ${shown} points outside the archive (${JSON.stringify(target)})`;
      return undefined;
    }
    case 'block-device':
    case 'character-device':
      return `entry ${shown} is a device file`;
    case 'fifo':
      return `entry ${shown} is a fifo`;
    default:
      return `entry ${shown} is of an unsupported kind (${String(h.type)})`;
  }
}

/** A writable the upload is fed into. */
interface Sink {
  write(chunk: Uint8Array): boolean;
  end(): void;
  once(event: 'drain', listener: () => void): unknown;
}

/** The message of a tar that did not parse. */
const NOT_TAR = 'is not a tar archive (a tar or a gzipped tar of the build context)';

/**
 * Reads `source` to its end (or to the first problem, when it stops at once
 * and destroys `source`), hashing the bytes as uploaded and parsing the tar
 * inside (gunzipped when the first bytes are gzip's magic). Resolves with the
 * verdict or an ArchiveProblem; rejects only when `limits.signal` aborts.
 */
export async function checkArchive(
  source: AsyncIterable<Uint8Array>,
  limits: ArchiveLimits,
): Promise<ArchiveVerdict | ArchiveProblem> {
  const maxUnpacked = limits.maxUnpackedBytes ?? limits.maxBytes * 10;
  const hash = createHash('sha256');
  const extract = tarExtract();
  let gunzip: Gunzip | undefined;
  let bytes = 0;
  let unpacked = 0;
  let problem: ArchiveProblem | undefined;
  let wake: () => void = () => {};
  const stop = (p: ArchiveProblem) => {
    problem ??= p;
    wake();
  };
  const onAbort = () => wake();
  limits.signal?.addEventListener('abort', onAbort, { once: true });
  // A write waits for room (or for a problem, or the abort), never past it.
  const room = (w: Sink) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      w.once('drain', resolve);
    });

  const consume = (async () => {
    let entries = 0;
    try {
      for await (const entry of extract) {
        const why = entryProblem(entry.header);
        if (why) return stop(new ArchiveProblem('UNSAFE_ENTRY', `has an unsafe entry: ${why}`));
        entries += 1;
        for await (const _ of entry) {
          // Contents are not kept: the parser only needs them read.
        }
      }
      return entries;
    } catch {
      return stop(new ArchiveProblem('NOT_TAR', NOT_TAR));
    }
  })();

  // Where upload bytes go: the tar parser, or gunzip in front of it.
  let head: Sink = {
    write: (c) => extract.write(c),
    end: () => extract.end(undefined),
    once: (e, f) => extract.once(e as 'drain', f),
  };
  let first = true;
  try {
    for await (const chunk of source) {
      limits.signal?.throwIfAborted();
      if (problem) break;
      bytes += chunk.length;
      if (bytes > limits.maxBytes) {
        stop(new ArchiveProblem('TOO_LARGE', `is larger than the limit of ${limits.maxBytes} bytes`));
        break;
      }
      hash.update(chunk);
      if (first) {
        first = false;
        if (chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b) {
          const gz = createGunzip();
          gunzip = gz;
          gz.on('data', (d: Buffer) => {
            unpacked += d.length;
            if (unpacked > maxUnpacked) {
              stop(new ArchiveProblem('TOO_LARGE', `expands to more than ${maxUnpacked} bytes`));
              return;
            }
            if (!extract.write(d)) {
              gz.pause();
              extract.once('drain', () => gz.resume());
            }
          });
          gz.on('end', () => extract.end(undefined));
          gz.on('error', () => stop(new ArchiveProblem('NOT_TAR', `${NOT_TAR}: its gzip stream is corrupt`)));
          head = { write: (c) => gz.write(c), end: () => gz.end(), once: (e, f) => gz.once(e, f) };
        }
      }
      if (!head.write(chunk) && !problem) await room(head);
      limits.signal?.throwIfAborted();
    }
    if (!problem) {
      head.end();
      const entries = await Promise.race([consume, new Promise<undefined>((r) => (wake = () => r(undefined)))]);
      limits.signal?.throwIfAborted();
      if (!problem && typeof entries === 'number') {
        if (entries === 0) problem = new ArchiveProblem('EMPTY', 'is an empty archive');
        else return { sha256: hash.digest('hex'), bytes, gzip: gunzip !== undefined, entries };
      }
    }
    return problem ?? new ArchiveProblem('NOT_TAR', NOT_TAR);
  } finally {
    limits.signal?.removeEventListener('abort', onAbort);
    gunzip?.destroy();
    extract.destroy();
    consume.catch(() => {});
  }
}
