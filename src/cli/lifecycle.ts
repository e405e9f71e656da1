import type { OperationFieldsFragment } from '../client/generated/graphql.js';
import { unwrap } from '../client/unwrap.js';
import { followOperation } from './follow-operation.js';
import type { Session } from './session.js';

/** A lifecycle payload: the operation and the instance it acts on. */
interface LifecyclePayload {
  operation: OperationFieldsFragment;
  instance?: { id: string; name: string } | null;
}

/**
 * Sends one lifecycle mutation and reports it: with `wait`, follows the
 * operation to its end (exit 1 on FAILED/TIMEOUT); without, prints the queued
 * operation. Progress starts after `afterCursor` (the instance's newest event before).
 */
export async function runLifecycle<R extends { __typename?: string }>(
  session: Session,
  target: { id?: string; name: string; afterCursor: string },
  send: () => Promise<R>,
  wait: boolean,
  extra: Record<string, unknown> = {},
): Promise<OperationFieldsFragment> {
  const payload = unwrap(await send()) as unknown as LifecyclePayload;
  const { out } = session;
  const instance = { id: target.id ?? payload.instance?.id ?? '', name: target.name };
  if (!wait) {
    out.line(`operation ${payload.operation.id} ${payload.operation.kind} ${payload.operation.status}`);
    out.result({ ...extra, operation: payload.operation, instance: payload.instance });
    return payload.operation;
  }
  const op = await followOperation(session.client, out, payload.operation, instance, target.afterCursor).catch(
    (err) => {
      if (out.json) out.result({ ...extra, error: (err as Error).message, operation: payload.operation });
      throw err;
    },
  );
  out.result({ ...extra, operation: op, instance: payload.instance });
  return op;
}
