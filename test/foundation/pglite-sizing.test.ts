/**
 * The embedded PGlite runs with the control-plane sizing of PGLITE_SETTINGS
 * (src/db/connect.ts), not Postgres's defaults (128 MB of shared buffers).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SETTINGS } from '../../src/db/connect.js';

describe('PGlite sizing', () => {
  it('opens with the configured shared buffers and work memory', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      const shown = await sql<{ shared_buffers: string; work_mem: string; temp_buffers: string }>`
        select current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem,
               current_setting('temp_buffers') as temp_buffers`.execute(handle.db);
      expect(PGLITE_SETTINGS).toContain('shared_buffers = 16MB');
      expect(shown.rows[0]).toEqual({ shared_buffers: '16MB', work_mem: '4MB', temp_buffers: '2MB' });
    } finally {
      await handle.close();
    }
  }, 120_000);
});
