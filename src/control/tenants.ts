import { randomUUID } from 'node:crypto';
import type { TenantRow } from '../db/database.js';
import { type DbHandle, json, withTransaction } from '../db/db-types.js';
import { appendEvents } from '../db/repositories/event-repository.js';
import * as tenants from '../db/repositories/tenant-repository.js';
import { isUuid } from '../db/repositories/token-repository.js';
import type { TimeKey } from './cursor.js';
import { ConflictError, ForbiddenError, ValidationError } from './errors.js';
import { type Principal, Scopes } from './scopes.js';

export const DEFAULT_TENANT = 'default';
const TENANT_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export interface Tenant {
  id: string;
  name: string;
  createdAt: Date;
}

function toTenant(row: TenantRow): Tenant {
  return { id: row.id, name: row.name, createdAt: row.created_at };
}

/** Tenants: the unit of isolation. */
export class TenantService {
  constructor(private readonly db: DbHandle) {}

  /** The tenant named `name`, created when missing; concurrent starts agree on one row. */
  async ensure(name: string): Promise<Tenant> {
    return toTenant(await tenants.ensureTenant(this.db, { id: randomUUID(), name }));
  }

  async create(caller: Principal, name: string): Promise<Tenant> {
    if (!caller.scopes.has(Scopes.system))
      throw new ForbiddenError('creating tenants needs the SYSTEM scope', Scopes.system);
    if (!TENANT_NAME.test(name)) {
      throw ValidationError.of(
        ['input', 'name'],
        'must be 1-63 lowercase letters, digits or "-", starting and ending with a letter or digit',
      );
    }
    const row = await withTransaction(this.db, async (trx) => {
      const inserted = await tenants.insertTenant(trx, { id: randomUUID(), name });
      if (!inserted) throw new ConflictError(`a tenant named "${name}" already exists`);
      // The audit record lives in the new tenant's feed; the actor is the operator's token.
      await appendEvents(trx, [
        {
          tenant_id: inserted.id,
          type: 'tenant.created',
          actor_token_id: caller.tokenId,
          message: `tenant "${name}" created`,
          data: json({ tenantId: inserted.id, name }),
        },
      ]);
      return inserted;
    });
    return toTenant(row);
  }

  /**
   * A page of every tenant, newest first. Needs `system`; the listing is
   * recorded in the operator's own tenant (`tenant.listed`), since it concerns
   * no single other tenant.
   */
  async list(caller: Principal, page: { limit: number; after?: TimeKey }): Promise<Tenant[]> {
    if (!caller.scopes.has(Scopes.system))
      throw new ForbiddenError('listing tenants needs the SYSTEM scope', Scopes.system);
    const rows = await withTransaction(this.db, async (trx) => {
      const found = await tenants.listTenants(trx, page);
      await appendEvents(trx, [
        {
          tenant_id: caller.tenantId,
          type: 'tenant.listed',
          actor_token_id: caller.tokenId,
          message: 'tenants listed by an operator',
          data: json({ tenantIds: found.map((r) => r.id) }),
        },
      ]);
      return found;
    });
    return rows.map(toTenant);
  }

  /** Tenants by id, limited to what the caller may see: its own, or any with `system`. */
  async byIds(caller: Principal, ids: readonly string[]): Promise<Tenant[]> {
    // Only uuids can match; anything else would be an error on the uuid column, not a miss.
    const wanted = ids.filter(isUuid);
    const visible = caller.scopes.has(Scopes.system) ? wanted : wanted.filter((id) => id === caller.tenantId);
    return (await tenants.findTenantsByIds(this.db, visible)).map(toTenant);
  }
}
