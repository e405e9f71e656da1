/**
 * The scale row's fleet, written straight into the database (the figures come
 * from Wheelhouse's loops, not from how fast a fleet can be provisioned):
 * tenants, each with an all-scopes token and its instances, running web and
 * side on the fleet fake, and removed again at the end.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ALL_SCOPES } from '../../src/control/scopes.js';
import { hashToken } from '../../src/control/tokens.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { ensureToken } from '../../src/db/repositories/token-repository.js';
import { dropTenant, seedInstances } from '../support.js';

/** One tenant of the fleet and its instances. */
export interface FleetTenant {
  id: string;
  token: string;
  instanceIds: string[];
}

/** The provider key the replicas register the fleet fake under. */
export const FLEET_PROVIDER = 'fleet';

/**
 * Seeds `tenants` tenants of `perTenant` instances each. Their instances are
 * stamped observed in the far future, so no supervisor claims one before
 * spreadObservations says when each is due.
 */
export async function seedFleet(database: DatabaseHandle, tenants: number, perTenant: number): Promise<FleetTenant[]> {
  const run = randomUUID().slice(0, 8);
  const fleet: FleetTenant[] = [];
  for (let t = 0; t < tenants; t++) {
    const id = randomUUID();
    await sql`insert into tenants (id, name) values (${id}, ${`bench-scale-${run}-${t}`})`.execute(database.db);
    const token = `whk_bench_${randomUUID()}`;
    await ensureToken(database.db, {
      id: randomUUID(),
      tenant_id: id,
      name: 'bench',
      token_hash: hashToken(token),
      scopes: [...ALL_SCOPES],
    });
    fleet.push({ id, token, instanceIds: [] });
  }
  // The instances of each tenant in three set-based statements (support.ts), kept out of every claim.
  for (const t of fleet) await seedInstances(database, t.id, FLEET_PROVIDER, perTenant);
  await sql`update instances set observed_at = 'infinity' where tenant_id = any(${fleet.map((t) => t.id)}::uuid[])`.execute(
    database.db,
  );
  const rows = await sql<{ id: string; tenant_id: string }>`
    select id, tenant_id from instances where tenant_id = any(${fleet.map((t) => t.id)}::uuid[]) order by name`.execute(
    database.db,
  );
  const byTenant = new Map(fleet.map((t) => [t.id, t]));
  for (const r of rows.rows) byTenant.get(r.tenant_id)?.instanceIds.push(r.id);
  await database.pool?.query('analyze instances');
  return fleet;
}

/**
 * Stamps the fleet's instances as last observed at moments spread evenly over
 * the past `intervalMs`, as in a fleet the supervisor has kept up with: from
 * now on one instance in every intervalMs / n falls due.
 */
export async function spreadObservations(
  database: DatabaseHandle,
  fleet: FleetTenant[],
  intervalMs: number,
): Promise<void> {
  await sql`
    update instances i set observed_at = now() - make_interval(secs => ${intervalMs / 1000}::float8 * o.k / o.n)
    from (select id, row_number() over (order by random()) as k, count(*) over () as n
          from instances where tenant_id = any(${fleet.map((t) => t.id)}::uuid[])) o
    where i.id = o.id`.execute(database.db);
}

/** Removes the fleet's tenants and everything they own. */
export async function dropFleet(database: DatabaseHandle, fleet: FleetTenant[]): Promise<void> {
  for (const t of fleet) await dropTenant(database, t.id);
}
