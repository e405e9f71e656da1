/**
 * The one store of operation logs (builds, jobs, release commands): lines
 * numbered per operation, `seq` being the keyset cursor of Build.logs,
 * Job.logs and buildLogs, so a reader resumes after a line's number with no
 * gap and no repeat. Every append (and an owner's end) is told on one NOTIFY
 * channel whose payload is the operation id.
 */
import { sql } from 'kysely';
import type { LogLineRow } from '../database.js';
import type { Db } from '../db-types.js';

/** The NOTIFY channel an operation's new log lines (and its log owner's end) are told on; the payload is the operation id. */
export const LOG_LINES_CHANNEL = 'wheelhouse_log_lines';

/** The last log line's number (0 when none): a re-run continues after it. */
export async function lastLogSeq(db: Db, operationId: string): Promise<number> {
  const r = await db
    .selectFrom('operation_log_lines')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('operation_id', '=', operationId)
    .executeTakeFirst();
  return Number(r?.seq ?? 0);
}

/** Appends numbered lines in one statement, and tells live readers. */
export async function appendLogLines(
  db: Db,
  operationId: string,
  lines: readonly { seq: number; at: Date; step: number | null; line: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('operation_log_lines')
    .values(lines.map((l) => ({ operation_id: operationId, seq: l.seq, at: l.at, step: l.step, line: l.line })))
    .execute();
  await announceLogLines(db, operationId);
}

/** Lines after `afterSeq`, oldest first (the caller checked the operation is the tenant's). */
export async function listLogLines(
  db: Db,
  operationId: string,
  afterSeq: number,
  limit: number,
): Promise<LogLineRow[]> {
  return db
    .selectFrom('operation_log_lines')
    .selectAll()
    .where('operation_id', '=', operationId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The last `n` lines, oldest first (a failure message quotes them). */
export async function lastLogLines(db: Db, operationId: string, n: number): Promise<LogLineRow[]> {
  const rows = await db
    .selectFrom('operation_log_lines')
    .selectAll()
    .where('operation_id', '=', operationId)
    .orderBy('seq', 'desc')
    .limit(n)
    .execute();
  return rows.reverse();
}

/** Wakes the readers of an operation's log (new lines, or its owner ended). */
export async function announceLogLines(db: Db, operationId: string): Promise<void> {
  await sql`select pg_notify(${LOG_LINES_CHANNEL}, ${operationId})`.execute(db);
}
