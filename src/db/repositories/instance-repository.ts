import { sql } from 'kysely';
import type { InstanceState } from '../../providers/provider.js';
import type { InstanceRow, InstanceUpdate, NewInstance, ReleaseRow } from '../database.js';
import type { Db } from '../db-types.js';
import { byIdsText, runStatement, statementText } from '../read-statements.js';
import type { DesiredState, StoredServiceSpec } from '../stored-shapes.js';

export async function insertInstance(db: Db, row: NewInstance): Promise<InstanceRow> {
  return db.insertInto('instances').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findInstance(db: Db, tenantId: string, id: string): Promise<InstanceRow | undefined> {
  return db
    .selectFrom('instances')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Locks the instance row for the rest of the transaction: enqueues on one
 * instance serialise here. FOR NO KEY UPDATE, not FOR UPDATE: inserting an
 * event (or operation, or release) that references the instance takes a KEY
 * SHARE lock on it, which FOR UPDATE blocks, so a writer appending an event
 * about an instance another transaction holds FOR UPDATE would wait for it.
 */
export async function lockInstance(db: Db, tenantId: string, id: string): Promise<InstanceRow | undefined> {
  return db
    .selectFrom('instances')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function findInstancesByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<InstanceRow[]> {
  if (ids.length === 0) return [];
  return runStatement(db, byIdsText('instances', 'id', ids.length), [tenantId, ...ids]);
}

/** For the executor and supervisor, which act for every tenant. */
export async function findInstanceAnyTenant(db: Db, id: string): Promise<InstanceRow | undefined> {
  return db.selectFrom('instances').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface InstanceListFilter {
  state?: InstanceState | null;
  desiredState?: DesiredState | null;
  provider?: string | null;
  label?: { key: string; value: string } | null;
  namePrefix?: string | null;
  name?: string | null;
}

/** A listed instance with its current release (null when it has none), read in the same statement. */
export type ListedInstanceRow = InstanceRow & { current_release: ReleaseRow | null; row_version: string };

/**
 * Where a page of instances stands: each row's id and its version. The version is the row's `xmin`,
 * the transaction that wrote it: every write of a row, by any process,
 * gives it a new one, so (id, version) names one content of the row and a
 * reader can keep rows it has read by it (see control/instance-rows.ts).
 */
export interface InstanceVersion {
  id: string;
  row_version: string;
}

/** The current release of each row, as JSON in the row's own statement (same tenant only). */
const CURRENT_RELEASE =
  '(select row_to_json(r) from "releases" r where r."id" = "instances"."current_release_id" and r."tenant_id" = $1) as "current_release"';

/**
 * A page of a tenant's instances, newest first, keyset on (created_at, id):
 * only where each row stands (InstanceVersion), which costs a fraction of
 * the rows themselves (a dashboard's page is mostly JSON columns, whose
 * parsing was most of a list request's CPU). The rows a reader does not have
 * at that version come from findListedInstancesByIds.
 */
export async function listInstances(
  db: Db,
  tenantId: string,
  filter: InstanceListFilter,
  page: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<InstanceVersion[]> {
  // The statement is written once per combination of filters (a bit each), its parameters in clause order.
  const params: unknown[] = [tenantId];
  let shape = 0;
  const add = (bit: number, ...values: unknown[]) => {
    shape |= bit;
    params.push(...values);
  };
  if (filter.state) add(1, filter.state);
  if (filter.desiredState) add(2, filter.desiredState);
  if (filter.provider) add(4, filter.provider);
  if (filter.label) add(8, JSON.stringify({ [filter.label.key]: filter.label.value }));
  if (filter.namePrefix) add(16, `${filter.namePrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filter.name) add(32, filter.name);
  if (page.after) add(64, page.after.createdAt, page.after.id);
  params.push(page.limit);
  const text = statementText(`instances.list.${shape}`, () => {
    let n = 1;
    const next = () => `$${++n}`;
    let q = 'select "id", xmin::text as "row_version" from "instances" where "tenant_id" = $1';
    if (shape & 1) q += ` and "state" = ${next()}`;
    q += shape & 2 ? ` and "desired_state" = ${next()}` : ' and "destroyed_at" is null';
    if (shape & 4) q += ` and "provider_key" = ${next()}`;
    if (shape & 8) q += ` and labels @> ${next()}::jsonb`;
    if (shape & 16) q += ` and "name" like ${next()}`;
    if (shape & 32) q += ` and "name" = ${next()}`;
    // A row comparison, so Postgres starts the index scan at the cursor (an OR is only a filter: O(depth)).
    if (shape & 64) q += ` and ("created_at", "id") < (${next()}, ${next()})`;
    return `${q} order by "created_at" desc, "id" desc limit ${next()}`;
  });
  return runStatement<InstanceVersion>(db, text, params);
}

/**
 * Instances of a tenant by id, whole, each with its version (as listInstances
 * gives it) and its current release, read in the same statement: a dashboard's
 * list nearly always shows the release, and reading it here saves a second,
 * dependent round trip. Order is not kept; ids of other tenants match nothing.
 */
export async function findListedInstancesByIds(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<ListedInstanceRow[]> {
  if (ids.length === 0) return [];
  const text = byIdsText('instances', 'id', ids.length, {
    select: `*, xmin::text as "row_version", ${CURRENT_RELEASE}`,
  });
  const rows = await runStatement<InstanceRow & { row_version: string; current_release: JsonRelease | string | null }>(
    db,
    text,
    [tenantId, ...ids],
  );
  for (const row of rows) (row as ListedInstanceRow).current_release = releaseFromJson(row.current_release);
  return rows as ListedInstanceRow[];
}

/** A release row as `row_to_json` writes it: its timestamp is text. */
type JsonRelease = Omit<ReleaseRow, 'created_at'> & { created_at: string };

/** The release row of `row_to_json` (pg parses json; PGlite may hand the text) with its timestamp a Date again. */
function releaseFromJson(value: JsonRelease | string | null): ReleaseRow | null {
  if (value === null) return null;
  const r: JsonRelease = typeof value === 'string' ? JSON.parse(value) : value;
  return { ...r, created_at: new Date(r.created_at) };
}

export async function updateInstance(db: Db, id: string, set: InstanceUpdate): Promise<InstanceRow> {
  return db
    .updateTable('instances')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ServiceListFilter {
  image?: string | null;
  name?: string | null;
  state?: string | null;
}

/** One service of one instance, with its position (the keyset's last part). */
export interface ServiceRow {
  instance: InstanceRow;
  spec: StoredServiceSpec;
  ordinality: number;
}

/**
 * Every service across a tenant's live instances, newest instance first and
 * in spec order within one, keyset on (created_at, id, ordinality).
 */
export async function listServices(
  db: Db,
  tenantId: string,
  filter: ServiceListFilter,
  page: { limit: number; after?: { createdAt: Date; id: string; ordinality: number } },
): Promise<ServiceRow[]> {
  const after = page.after;
  const rows = await sql<InstanceRow & { svc: StoredServiceSpec; ord: string }>`
    select i.*, s.value as svc, s.ordinality as ord
    from instances i cross join lateral jsonb_array_elements(i.services) with ordinality as s(value, ordinality)
    where i.tenant_id = ${tenantId} and i.destroyed_at is null
      ${filter.image ? sql`and s.value->>'image' = ${filter.image}` : sql``}
      ${filter.name ? sql`and s.value->>'name' = ${filter.name}` : sql``}
      ${filter.state ? sql`and coalesce(i.service_status->(s.value->>'name')->>'state', i.state) = ${filter.state}` : sql``}
      ${after ? sql`and (i.created_at, i.id, s.ordinality) < (${after.createdAt}, ${after.id}, ${after.ordinality})` : sql``}
    order by i.created_at desc, i.id desc, s.ordinality desc
    limit ${page.limit}`.execute(db);
  return rows.rows.map(({ svc, ord, ...instance }) => ({
    instance: instance as InstanceRow,
    spec: svc,
    ordinality: Number(ord),
  }));
}
