import type { EventRow } from '../db/database.js';
import { eventPosition, isAuditEventType } from '../db/repositories/event-repository.js';
import { encodeEventCursor } from './cursor.js';
import type { FieldError } from './errors.js';
import { globalIdOf } from './global-id.js';

/** The most type filters one webhook may have. */
export const MAX_WEBHOOK_EVENT_TYPES = 50;
const TYPE_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?$/;

/** The problems with a webhook's type filters (exact types, or a prefix written `x.*`). */
export function eventTypesErrors(types: readonly string[], path: string[]): FieldError[] {
  if (types.length > MAX_WEBHOOK_EVENT_TYPES) return [{ path, message: `at most ${MAX_WEBHOOK_EVENT_TYPES} types` }];
  const errors: FieldError[] = [];
  types.forEach((t, i) => {
    if (t.length > 100 || !TYPE_PATTERN.test(t)) {
      errors.push({
        path: [...path, String(i)],
        message: 'must be an event type (e.g. operation.succeeded) or a prefix ending in ".*" (e.g. operation.*)',
      });
    }
  });
  return errors;
}

/**
 * Whether a webhook with these filters selects an event of `type` (no filter:
 * every event but the audit log's, which is exported only to a webhook that
 * names it, `audit.entry` or `audit.*`).
 */
export function selectsType(filters: readonly string[], type: string): boolean {
  if (filters.length === 0) return !isAuditEventType(type);
  return filters.some((f) => (f.endsWith('.*') ? type.startsWith(f.slice(0, -1)) : f === type));
}

/** A global id, so a receiver can look the object up. */
function globalId(type: string, id: string | null): string | null {
  return id ? globalIdOf(type, id) : null;
}

/**
 * The body of an event's delivery, written once when the delivery is made:
 * `{"type", "timestamp", "data": {cursor, instanceId, instanceName,
 * operationId, fromState, toState, ready, message, data}}`. Ids are global
 * ids; the name saves a receiver a query to say which instance; `cursor`
 * resumes the event feed right after this event.
 */
export function eventPayload(e: EventRow, instanceName: string | null = null): string {
  return JSON.stringify({
    type: e.type,
    timestamp: new Date(e.occurred_at).toISOString(),
    data: {
      cursor: encodeEventCursor(eventPosition(e)),
      instanceId: globalId('Instance', e.instance_id),
      instanceName,
      operationId: globalId('Operation', e.operation_id),
      fromState: e.from_state,
      toState: e.to_state,
      ready: e.ready,
      message: e.message,
      data: e.data ?? null,
    },
  });
}

/** The event type of a test delivery (testWebhook). */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The body of a test delivery: the same shape, no event behind it. */
export function testPayload(at: Date, webhookGlobalId: string): string {
  return JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: at.toISOString(),
    data: {
      cursor: null,
      instanceId: null,
      instanceName: null,
      operationId: null,
      fromState: null,
      toState: null,
      ready: null,
      message: 'a test delivery from Wheelhouse',
      data: { webhookId: webhookGlobalId },
    },
  });
}
