/**
 * What a stream asks of the event log. The hub routes by tenant (a stream
 * never sees another tenant's rows); the rest of the selector narrows within
 * it, the same way for a live event as for a row re-read from the table.
 */
import type { Event } from '../model.js';

/** Which events a stream wants: always one tenant, optionally narrower. */
export interface EventSelector {
  tenantId: string;
  instanceId?: string | null;
  operationId?: string | null;
  types?: readonly string[] | null;
}

/** Whether `e` (already of the selector's tenant) is one the selector wants. */
export function matchesSelector(s: EventSelector, e: Event): boolean {
  if (s.instanceId && e.instanceId !== s.instanceId) return false;
  if (s.operationId && e.operationId !== s.operationId) return false;
  if (s.types?.length && !s.types.includes(e.type)) return false;
  return true;
}
