/**
 * What a start asks of the database: the migration check on an up-to-date database is one read of
 * Kysely's bookkeeping table (src/db/migrator.ts), and PGlite's own Kysely dialect
 * (src/db/pglite-dialect.ts) reports the rows a write changed, as pg does.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { openTestDatabase } from '../support/database.js';

describe('the database at a start', () => {
  let database: DatabaseHandle;
  const statements: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase((statement) => statements.push(statement));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('an up-to-date database is checked with one read of kysely_migration', async () => {
    statements.length = 0;
    const result = await migrateToLatest(database.db);
    expect(result).toEqual({ results: [] });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "kysely_migration"/);
  });

  it('a write reports how many rows it changed, and a rolled back transaction leaves none', async () => {
    const db = database.db;
    // A table of its own (not temporary: on Postgres each statement may take another pooled connection).
    await sql`drop table if exists start_rows`.execute(db);
    await sql`create table start_rows (id int primary key, n int not null)`.execute(db);
    const inserted = await db
      .insertInto('start_rows' as never)
      .values([1, 2, 3].map((id) => ({ id, n: 0 })) as never)
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(3n);
    const updated = await db
      .updateTable('start_rows' as never)
      .set({ n: 1 } as never)
      .where(sql`id`, '<', 3)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('start_rows' as never)
          .where(sql`id`, '=', 3)
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const deleted = await db.deleteFrom('start_rows' as never).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(3n);
    await sql`drop table start_rows`.execute(db);
  });
});
