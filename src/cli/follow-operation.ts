import type { WheelhouseClient } from '../client/client.js';
import type { EventFieldsFragment, OperationFieldsFragment } from '../client/generated/graphql.js';
import { CliError, ExitCode } from './exit-codes.js';
import type { Output } from './output.js';
import { describeRolloutEvent } from './rollout-lines.js';

type CliOperation = OperationFieldsFragment;

const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'CANCELED']);
/** The event an operation's end writes, after the instance transitions it caused. */
const TERMINAL_EVENTS = new Set(['operation.succeeded', 'operation.failed', 'operation.canceled']);
/** How long to wait for the instance stream to catch up with an ended operation. */
const DRAIN_MS = 5_000;

/** Exit status of a wait that the user interrupted (128 + SIGINT). */
export const INTERRUPTED = 130;

/**
 * Follows an operation to its end, printing its steps (from operationUpdates)
 * and the instance's readiness transitions (from instanceEvents after
 * `afterCursor`) as they happen; both streams resume after a dropped socket.
 * Ctrl-C stops following, not the operation, and says so. Throws a CliError
 * (exit 1) unless it succeeded with a ready instance.
 */
export async function followOperation(
  client: WheelhouseClient,
  out: Output,
  operation: CliOperation,
  instance: { id: string; name: string },
  afterCursor: string,
): Promise<CliOperation> {
  const done = new AbortController();
  const onSigint = () => {
    done.abort();
    out.line(
      `interrupted: operation ${operation.id} (${operation.kind}) keeps running on the server; watch it with \`wheelhouse events ${instance.name} -f\``,
    );
    process.exit(INTERRUPTED);
  };
  process.once('SIGINT', onSigint);
  out.line(`operation ${operation.id} ${operation.kind} ${operation.status}`);
  // The two streams are independent: the operation's terminal update can arrive before the
  // instance's last transitions, which are written in the same transaction as the operation's
  // own terminal event. So once the operation has ended, the instance stream is read on up to
  // that event (bounded by DRAIN_MS), and only then stopped: no transition goes unprinted.
  const events = (async () => {
    for await (const event of client.instanceEvents(instance.id, { after: afterCursor, signal: done.signal })) {
      const line = describeEvent(event);
      if (line) out.line(`  ${line}`);
      if (event.operation?.id === operation.id && TERMINAL_EVENTS.has(event.type)) return;
    }
  })().catch((err) => {
    if (!done.signal.aborted) out.line(`  (readiness stream ended: ${(err as Error).message})`);
  });

  let last = operation;
  const seen = new Set<string>();
  try {
    if (!TERMINAL.has(operation.status)) {
      for await (const update of client.operationUpdates(operation.id, { signal: done.signal })) {
        last = update;
        for (const step of last.steps) {
          const key = `${step.name}:${step.status}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.line(`  step ${step.name} ${step.status}${step.message ? ` (${step.message})` : ''}`);
        }
        if (TERMINAL.has(last.status)) break;
      }
    }
  } finally {
    if (TERMINAL.has(last.status)) {
      const drained = setTimeout(() => done.abort(), DRAIN_MS);
      await events;
      clearTimeout(drained);
    }
    done.abort();
    process.removeListener('SIGINT', onSigint);
    await events;
  }
  return finish(out, last);
}

/** Prints the outcome; throws (exit 1) with the reason unless the operation succeeded and readiness was met. */
function finish(out: Output, op: CliOperation): CliOperation {
  const outcome = op.readinessOutcome ? ` (readiness ${op.readinessOutcome})` : '';
  if (op.status === 'SUCCEEDED' && (!op.readinessOutcome || op.readinessOutcome === 'READY')) {
    out.line(`operation ${op.id} ${op.kind} SUCCEEDED${outcome}`);
    return op;
  }
  const reason = op.error ? `${op.error.code}: ${op.error.message}` : (op.readinessOutcome ?? op.status);
  throw new CliError(`operation ${op.id} ${op.kind} ${op.status}${outcome}: ${reason}`, ExitCode.FAILED);
}

function describeEvent(e: EventFieldsFragment): string | undefined {
  if (e.type === 'instance.state_changed' || e.type === 'service.state_changed') {
    const who = e.type === 'instance.state_changed' ? 'instance' : 'service';
    const ready = e.ready ? ', ready' : '';
    if (who === 'instance' && e.message) return `instance ${e.message}`;
    return `${who} ${e.message ?? `${e.fromState ?? 'none'} → ${e.toState}`}${ready}`;
  }
  if (e.type === 'release.created') return `release created${e.message ? `: ${e.message}` : ''}`;
  if (e.type === 'operation.cancel_requested') return e.message ?? 'cancel requested';
  return describeRolloutEvent(e);
}
