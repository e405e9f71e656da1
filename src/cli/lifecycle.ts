import { type ResultMember, unwrap } from './api.js';
import { type CliOperation, followOperation } from './follow-operation.js';
import type { InstanceDetail, Session } from './session.js';

/** A lifecycle payload: the operation and the instance it acts on. */
export interface LifecyclePayload extends ResultMember {
  operation: CliOperation;
  instance: { id: string; name: string; version: number };
}

/**
 * Sends one lifecycle mutation and reports it: with `wait`, follows the
 * operation to its end (exit 1 on FAILED/TIMEOUT); without, prints the queued
 * operation. Progress starts after the newest event the instance had before.
 */
export async function runLifecycle(
  session: Session,
  target: { id?: string; name: string; afterCursor: string | undefined },
  send: () => Promise<ResultMember>,
  payloadType: string,
  wait: boolean,
  extra: Record<string, unknown> = {},
): Promise<CliOperation> {
  const payload = unwrap(await send(), payloadType) as LifecyclePayload;
  const { out } = session;
  if (!wait) {
    out.line(`operation ${payload.operation.id} ${payload.operation.kind} ${payload.operation.status}`);
    out.result({ ...extra, operation: payload.operation, instance: payload.instance });
    return payload.operation;
  }
  const instance = { id: target.id ?? payload.instance.id, name: target.name };
  const op = await followOperation(session.api, out, payload.operation, instance, target.afterCursor).catch((err) => {
    if (out.json) out.result({ ...extra, error: (err as Error).message, operation: payload.operation });
    throw err;
  });
  out.result({ ...extra, operation: op, instance: payload.instance });
  return op;
}

/** The cursor to follow an existing instance's progress from. */
export function followFrom(instance: InstanceDetail): { id: string; name: string; afterCursor: string } {
  return { id: instance.id, name: instance.name, afterCursor: instance.events.edges[0]?.cursor ?? '0' };
}
