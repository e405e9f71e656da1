import { sql } from 'kysely';
import type { AutoscaleStateRow, AutoscaleStateUpdate } from '../database.js';
import type { Db } from '../db-types.js';

/**
 * The autoscaler's rows: one state per autoscaled service (claim, last sample,
 * last decision) and the stabilization windows' history of recommendations.
 */

/**
 * Makes `autoscale_states` hold exactly the autoscaled services of live
 * instances: adds a row for a service whose policy is new, removes the rows
 * (and history) of a policy removed or an instance destroyed. The scan of
 * instances uses the partial index on the same predicate, so it reads only the
 * autoscaled ones.
 */
export async function syncAutoscaledServices(db: Db): Promise<void> {
  await sql`
    insert into autoscale_states (instance_id, service, tenant_id)
    select i.id, s->>'name', i.tenant_id
    from instances i, jsonb_array_elements(i.services) s
    where i.destroyed_at is null and i.services @? '$[*].resources.autoscale'
      and jsonb_typeof(s->'resources'->'autoscale') = 'object'
    on conflict do nothing`.execute(db);
  const gone = await sql<{ instance_id: string; service: string }>`
    delete from autoscale_states a
    where not exists (
      select 1 from instances i, jsonb_array_elements(i.services) s
      where i.id = a.instance_id and i.destroyed_at is null and i.services @? '$[*].resources.autoscale'
        and s->>'name' = a.service and jsonb_typeof(s->'resources'->'autoscale') = 'object')
    returning instance_id, service`.execute(db);
  for (const g of gone.rows) {
    await db
      .deleteFrom('autoscale_recommendations')
      .where('instance_id', '=', g.instance_id)
      .where('service', '=', g.service)
      .execute();
  }
}

/**
 * Claims up to `limit` autoscaled services not decided in the last
 * `gapSeconds` (by the database's clock), stamping them claimed now. SKIP
 * LOCKED: with several replicas each service goes to one of them per interval.
 */
export async function claimDueAutoscaled(
  db: Db,
  gapSeconds: number,
  limit: number,
): Promise<{ instanceId: string; service: string }[]> {
  const r = await sql<{ instance_id: string; service: string }>`
    update autoscale_states set claimed_at = now()
    where (instance_id, service) in (
      select instance_id, service from autoscale_states
      where claimed_at is null or claimed_at < now() - make_interval(secs => ${gapSeconds})
      order by claimed_at nulls first
      limit ${limit}
      for update skip locked
    )
    returning instance_id, service`.execute(db);
  return r.rows.map((x) => ({ instanceId: x.instance_id, service: x.service }));
}

export async function findAutoscaleState(
  db: Db,
  instanceId: string,
  service: string,
): Promise<AutoscaleStateRow | undefined> {
  return db
    .selectFrom('autoscale_states')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .where('service', '=', service)
    .executeTakeFirst();
}

/** The states of a tenant's instances (the API's `InstanceService.autoscale`). */
export async function findAutoscaleStates(
  db: Db,
  tenantId: string,
  instanceIds: readonly string[],
): Promise<AutoscaleStateRow[]> {
  if (instanceIds.length === 0) return [];
  return db
    .selectFrom('autoscale_states')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('instance_id', 'in', instanceIds)
    .execute();
}

/** Up to `limit` states, for the /metrics gauges. */
export async function listAutoscaleStates(db: Db, limit: number): Promise<AutoscaleStateRow[]> {
  return db
    .selectFrom('autoscale_states')
    .selectAll()
    .where('desired_replicas', 'is not', null)
    .orderBy('instance_id')
    .orderBy('service')
    .limit(limit)
    .execute();
}

export async function updateAutoscaleState(
  db: Db,
  instanceId: string,
  service: string,
  patch: AutoscaleStateUpdate,
): Promise<void> {
  await db
    .updateTable('autoscale_states')
    .set(patch)
    .where('instance_id', '=', instanceId)
    .where('service', '=', service)
    .execute();
}

/** Recommendations of one service since `since`, oldest first. */
export async function recommendationsSince(
  db: Db,
  instanceId: string,
  service: string,
  since: Date,
): Promise<{ at: Date; replicas: number }[]> {
  return db
    .selectFrom('autoscale_recommendations')
    .select(['at', 'replicas'])
    .where('instance_id', '=', instanceId)
    .where('service', '=', service)
    .where('at', '>', since)
    .orderBy('at')
    .execute();
}

/** Adds a recommendation and drops those older than `keepAfter` (outside every window). */
export async function addRecommendation(
  db: Db,
  instanceId: string,
  service: string,
  at: Date,
  replicas: number,
  keepAfter: Date,
): Promise<void> {
  await db.insertInto('autoscale_recommendations').values({ instance_id: instanceId, service, at, replicas }).execute();
  await db
    .deleteFrom('autoscale_recommendations')
    .where('instance_id', '=', instanceId)
    .where('service', '=', service)
    .where('at', '<=', keepAfter)
    .execute();
}
