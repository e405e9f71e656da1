/**
 * An uploaded build context, stored as it is read: checked by
 * build-archive-check.ts (digest, size under the limit, every entry's path)
 * while its bytes go to the database in chunks, so that no replica holds a
 * whole archive in memory and any replica can run the build.
 */
import { randomUUID } from 'node:crypto';
import type { DbHandle } from '../db/db-types.js';
import * as builds from '../db/repositories/build-repository.js';
import { ArchiveProblem, checkArchive } from './build-archive-check.js';
import type { UploadedFile } from './builds-inputs.js';
import { ValidationError } from './errors.js';

/** The size of a stored chunk (one row). */
const CHUNK_BYTES = 1024 * 1024;

/** A stored archive. */
export interface StoredArchive {
  id: string;
  sha256: string;
}

/**
 * Reads `file` once, checking it and storing it; an archive over `maxBytes`,
 * not a tar, or with an entry that escapes is a ValidationError at `path`
 * and leaves nothing stored.
 */
export async function storeArchive(
  db: DbHandle,
  tenantId: string,
  file: UploadedFile,
  maxBytes: number,
  path: (string | number)[],
): Promise<StoredArchive> {
  if (file.size > maxBytes)
    throw ValidationError.of(path.map(String), `is over the limit of ${Math.floor(maxBytes / 1048576)} MiB`);
  const id = randomUUID();
  await builds.insertArchive(db, { id, tenantId, sha256: '', bytes: 0, gzip: false });
  try {
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await builds.insertArchiveChunk(db, id, seq++, Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    };
    // The checker pulls; each piece is kept (a chunk at a time) before it is handed on.
    async function* stored(): AsyncGenerator<Uint8Array> {
      const reader = file.stream().getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          pending.push(Buffer.from(value));
          pendingBytes += value.byteLength;
          if (pendingBytes >= CHUNK_BYTES) await flush();
          yield value;
        }
        await flush();
      } finally {
        reader.releaseLock();
      }
    }
    const verdict = await checkArchive(stored(), { maxBytes });
    if (verdict instanceof ArchiveProblem) {
      throw ValidationError.of(path.map(String), verdict.message);
    }
    await flush();
    await builds.completeArchive(db, id, verdict);
    return { id, sha256: verdict.sha256 };
  } catch (err) {
    await builds.deleteArchive(db, id).catch(() => {});
    throw err;
  }
}
