import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import { runStatement, statementText } from '../../src/db/read-statements.js';
import { itOnPostgres, postgresServerUrl } from '../support/database.js';

describe('the read path runs its kept statements prepared on Postgres', () => {
  let database: DatabaseHandle | undefined;
  const table = `prepared_probe_${randomUUID().replaceAll('-', '')}`;
  afterAll(async () => {
    await database?.db.schema.dropTable(table).ifExists().execute();
    await database?.close();
  });

  itOnPostgres('prepared once per connection, and re-prepared when a migration changes the row type', async () => {
    // One connection, so every statement below meets the same server session.
    database = await openDatabase({ kind: 'postgres', url: postgresServerUrl()!, poolSize: 1 });
    const db = database.db;
    await sql`create table ${sql.table(table)} (id int primary key, name text)`.execute(db);
    await sql`insert into ${sql.table(table)} values (1, 'one'), (2, 'two')`.execute(db);
    const text = statementText(`probe.${table}`, () => `select * from "${table}" where "id" = $1`);
    const prepared = async () =>
      (
        await sql<{ name: string }>`select name from pg_prepared_statements where statement = ${text}`.execute(db)
      ).rows.map((r) => r.name);

    expect(await runStatement(db, text, [1])).toEqual([{ id: 1, name: 'one' }]);
    expect(await runStatement(db, text, [2])).toEqual([{ id: 2, name: 'two' }]);
    expect(await prepared()).toHaveLength(1);

    // A rolling upgrade: another replica's migration adds a column under this process's `select *`.
    await sql`alter table ${sql.table(table)} add column note text default 'n'`.execute(db);
    expect(await runStatement(db, text, [1])).toEqual([{ id: 1, name: 'one', note: 'n' }]);
    expect(await runStatement(db, text, [2])).toEqual([{ id: 2, name: 'two', note: 'n' }]);
    expect(await prepared()).toHaveLength(1);

    // Any other statement runs unprepared, as before.
    await sql`select ${1}::int as one`.execute(db);
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(db)).rows[0]!.n,
    ).toBe(1);
  });
});
