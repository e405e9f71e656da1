import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where global-setup wrote this run's migrated PGlite data directory (a tarball), if it made one. */
    pgliteTemplate: string | undefined;
  }
}

/**
 * Makes this run's migrated PGlite template: a fresh in-memory cluster,
 * migrated to the latest schema and dumped as a tarball into a file of its own.
 * A PGlite started from it skips initdb and the migrations, which on a busy
 * machine cost several seconds per database; the suite opens one per file or
 * more. Made from the migrations of this checkout on every run, so it is never stale.
 * Returns the file and a function that removes it.
 */
export async function makePgliteTemplate(): Promise<{ path: string; remove: () => Promise<void> }> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    await migrateToLatest(handle.db);
    const dump = await handle.pglite!.dumpDataDir('none');
    const path = join(tmpdir(), `wheelhouse-test-pglite-${process.pid}-${Date.now()}.tar`);
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    return { path, remove: () => rm(path, { force: true }) };
  } finally {
    await handle.close();
  }
}

let cached: Promise<Blob | undefined> | undefined;

/**
 * The migrated template for a test file's PGlite, read once per file; undefined
 * when global-setup made none (a file run outside vitest's global setup), in
 * which case the database starts empty and is migrated as before.
 */
export function pgliteTemplate(): Promise<Blob | undefined> {
  cached ??= (async () => {
    const path = inject('pgliteTemplate');
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return cached;
}
