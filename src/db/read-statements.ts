import { CompiledQuery } from 'kysely';
import type { Db } from './db-types.js';

/**
 * The read path's statements, each shape's SQL written once. A dashboard
 * polls the same few shapes (a page of instances, a batch of releases by id)
 * thousands of times a second: building them with Kysely's query builder
 * rebuilt and recompiled the same text on every request, a measurable share
 * of the list's CPU. The text of a shape is kept here and handed to the
 * server as a prepared statement (see prepared-client.ts); the statements
 * still run through Kysely, so its logging (the statement counter of the
 * n-plus-one test and the bench) sees every one.
 */
const texts = new Map<string, string>();
const names = new Map<string, string>();

/**
 * Id lists longer than this are built per call and not prepared: the shapes
 * kept stay bounded (pages and `nodes` are capped at 100; a DataLoader batch
 * of a bigger request is rare and need not be fast).
 */
const MAX_PREPARED_LIST = 100;

/** The SQL of one statement shape, built on first use; `key` names the shape. */
export function statementText(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    texts.set(key, text);
    names.set(text, `wh_${names.size + 1}`);
  }
  return text;
}

/** The server-side name of a kept statement's text, or undefined for any other SQL. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}

/** `$from, $from+1, …` for `count` parameters. */
export function placeholders(from: number, count: number): string {
  let s = '';
  for (let i = 0; i < count; i++) s += i ? `, $${from + i}` : `$${from}`;
  return s;
}

/** Runs one statement of the read path through Kysely (so it is logged and observed like any other). */
export async function runStatement<R>(db: Db, text: string, parameters: readonly unknown[]): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, parameters as unknown[]))).rows;
}

/**
 * `select * from <table> where "tenant_id" = $1 and "<column>" in (…)`, the
 * batch a DataLoader sends (`select` and `tail` vary its head and end): kept,
 * and prepared, per list length up to 100.
 */
export function byIdsText(
  table: string,
  column: string,
  count: number,
  shape: { select?: string; tail?: string } = {},
): string {
  const select = shape.select ?? '*';
  const tail = shape.tail ?? '';
  const build = () =>
    `select ${select} from "${table}" where "tenant_id" = $1 and "${column}" in (${placeholders(2, count)})${tail}`;
  return count <= MAX_PREPARED_LIST ? statementText(`${table}.${column}.${select}.${tail}.${count}`, build) : build();
}
