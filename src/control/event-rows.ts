import type { NewEvent } from '../db/database.js';
import { json } from '../db/db-types.js';
import type { InstanceState } from '../providers/provider.js';
import type { Principal } from './scopes.js';

/** What an event says beyond its type: all optional, absent columns are stored as null. */
export interface EventDetails {
  message?: string;
  fromState?: InstanceState | null;
  toState?: InstanceState | null;
  ready?: boolean | null;
  data?: unknown;
}

/**
 * An event row about the instance `row`, caused by `caller` (null for the
 * system's own observations: the executor, the supervisor). The one place
 * that shapes event rows, so mutations, the executor and the supervisor write
 * the same columns the same way.
 */
export function event(
  row: { id: string; tenant_id: string },
  operationId: string | null,
  type: string,
  caller: Principal | null,
  extra: EventDetails,
): NewEvent {
  return {
    tenant_id: row.tenant_id,
    instance_id: row.id,
    operation_id: operationId,
    type,
    from_state: extra.fromState ?? null,
    to_state: extra.toState ?? null,
    ready: extra.ready ?? null,
    message: extra.message ?? null,
    data: extra.data === undefined ? null : json(extra.data),
    actor_token_id: caller?.tokenId ?? null,
  };
}
